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
        with wanted as (
          select w.job_id, w."taskId"::uuid as task_id, w."remindAt"::timestamptz as remind_at
          from json_to_recordset(${wanted}::json) as w(job_id bigint, "taskId" text, "remindAt" text)
        )
        select w.job_id, k.id is not null as task_exists,
          coalesce(not k.done and k.remind_at = w.remind_at and k.remind_at is distinct from k.reminded_for
            and k.remind_at <= ${now.toISOString()}::timestamptz, false) as owed,
          k.title, k.due_at, u.email, u.name, u.language, u.is_active, k.lead_id, k.brand_id,
          coalesce(${leadLabel(sql`lb.name`, sql`l.assessment`)}, b.name) as record
        from wanted w
        left join tasks k on k.id = w.task_id
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
    // An edit of the task locks its row and then writes its job: finishing locks in that order too.
    lockSubject: async (tx, job) => {
      await tx.execute(sql`select 1 from tasks where id = ${reminderOf(job).taskId}::uuid for no key update`);
    },
    // The reminder for this time is handed over: the task owes none until its time changes.
    sent: async (tx, job) => {
      const { taskId, remindAt } = reminderOf(job);
      await tx.execute(sql`update tasks set reminded_for = remind_at
        where id = ${taskId}::uuid and remind_at = ${remindAt}::timestamptz`);
    },
  };
}
