import { sql } from 'drizzle-orm';
import { rawRows } from '../../db/raw-rows';
import { translator } from '../../lib/i18n';
import { renderNoticeMail } from '../../lib/mail/notice-mail';
import type { ClaimedJob } from '../jobs/scheduled-jobs';
import type { JobKind, JobPlan } from '../jobs/job-runner';
import { mailLanguage, type RecipientRow } from '../jobs/mail-recipient';
import { leadLabel, recordLink } from '../records/record-label';

/** The kind of the reminder jobs the tasks' triggers keep (one per task, key `task_reminder:<id>`). */
export const REMINDER_JOB = 'task_reminder';

type ReminderRow = RecipientRow & {
  task_exists: boolean;
  owed: boolean;
  title: string;
  due_at: Date | string;
};

/** "28 de nov. de 2026, 17:00 BRT": the due date in the reader's language and the team's zone. */
const formatDue = (due: Date, language: string, timeZone: string) =>
  new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(due);

/** The task a reminder job is about, and the reminder time the job was written for. */
const reminderOf = (job: ClaimedJob) => ({
  taskId: String(job.payload.task_id),
  remindAt: String(job.payload.remind_at),
});

/**
 * A task's reminder. Nothing is locked while its email is planned and sent, so editing the task
 * meanwhile answers at once. It is owed while the task is open and its reminder time is still the
 * one the job was written for, has come and has not been handed over yet; a task completed,
 * deleted or moved to another time owes nothing for this job (a move keeps the job, with a new
 * lease, for the new time).
 */
export function reminderJobKind(options: { appUrl: string; timeZone: string }): JobKind {
  return {
    plan: async (db, jobs, now) => {
      const wanted = JSON.stringify(jobs.map((job) => ({ job_id: job.id, ...reminderOf(job) })));
      const result = await db.execute(sql`
        with wanted as materialized (
          select w.job_id, w."taskId"::uuid as task_id, w."remindAt"::timestamptz as remind_at
          from json_to_recordset(${wanted}::json) as w(job_id bigint, "taskId" text, "remindAt" text)
        ), k as materialized (
          -- By the primary key, as one array: never a hash over the whole tasks table.
          select t.* from tasks t where t.id = any (array(select task_id from wanted))
        )
        select w.job_id, k.id is not null as task_exists,
          coalesce(not k.done and k.remind_at = w.remind_at and k.remind_at is distinct from k.reminded_for
            and k.remind_at <= ${now.toISOString()}::timestamptz, false) as owed,
          k.title, k.due_at, u.email, u.name, u.language, u.is_active, k.lead_id, k.brand_id,
          coalesce(${leadLabel(sql`lb.name`, sql`l.assessment`)}, b.name) as record
        from wanted w
        left join k on k.id = w.task_id
        left join users u on u.id = k.assignee_id
        left join leads l on l.id = k.lead_id
        left join brands lb on lb.id = l.brand_id
        left join brands b on b.id = k.brand_id`);
      return rawRows<ReminderRow>(result).map((row): JobPlan => {
        const jobId = Number(row.job_id);
        if (!row.task_exists || !row.owed || row.email === null || !row.is_active)
          return { jobId, drop: true };
        const language = mailLanguage(row.language);
        const t = translator(language);
        const params = {
          title: row.title,
          name: row.name ?? '',
          due: formatDue(new Date(row.due_at), language, options.timeZone),
          record: row.record ?? '',
        };
        return {
          jobId,
          send: {
            to: row.email,
            ...renderNoticeMail({
              subject: t('mail:reminder.subject', params),
              greeting: t('mail:reminder.greeting', params),
              lines: [
                t('mail:reminder.body', params),
                ...(row.record ? [t('mail:reminder.record', params)] : []),
              ],
              button: t('mail:reminder.button'),
              link: recordLink(options.appUrl, { leadId: row.lead_id, brandId: row.brand_id }),
              signature: t('mail:reminder.signature'),
            }),
          },
        };
      });
    },
    // The reminders for these times are handed over: each task owes none until its time changes.
    // One statement, only for the tasks that still owe this very reminder (open, same time, not
    // recorded by another process) whose job is still this claim's; the tasks' trigger then
    // deletes those jobs in the same statement. The tasks' rows are locked in id order and before
    // their jobs', as any edit of a task locks its row before its job, so none can deadlock.
    finish: async (db, jobs) => {
      const sent = JSON.stringify(
        jobs.map((job) => ({ job_id: job.id, claim: job.claim, ...reminderOf(job) })),
      );
      const result = await db.execute(sql`
        with sent as materialized (
          select x.job_id, x."taskId"::uuid as task_id, x."remindAt"::timestamptz as remind_at
          from json_to_recordset(${sent}::json) as x(job_id bigint, claim text, "taskId" text, "remindAt" text)
          where exists (select 1 from scheduled_jobs j where j.id = x.job_id and j.claimed_by = x.claim)
        ), locked as materialized (
          select t.id from tasks t where t.id = any (array(select task_id from sent))
          order by t.id for no key update
        )
        update tasks t set reminded_for = t.remind_at
        from sent
        where t.id = any (array(select id from locked)) and t.id = sent.task_id
          and t.remind_at = sent.remind_at and not t.done and t.reminded_for is distinct from t.remind_at
        returning sent.job_id`);
      return rawRows<{ job_id: string | number }>(result).map((row) => Number(row.job_id));
    },
  };
}
