import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { translator } from '../../lib/i18n';
import { renderNoticeMail } from '../../lib/mail/notice-mail';
import type { ClaimedJob } from '../jobs/scheduled-jobs';
import type { JobKind, JobPlan } from '../jobs/job-runner';
import { mailLanguage, type RecipientRow } from '../jobs/mail-recipient';
import { leadLabel, recordLink } from '../records/record-label';

/** The kind of the reminder jobs the tasks' triggers keep (one per task, key `task_reminder:<id>`). */
export const REMINDER_JOB = 'task_reminder';

const jobIdsJson = (jobs: readonly ClaimedJob[]) => JSON.stringify(jobs.map((job) => job.id));

type ReminderRow = RecipientRow & {
  task_exists: boolean;
  locked: boolean;
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

/**
 * A task's reminder. Its task row is locked first (SKIP LOCKED): one being edited right now is
 * looked at again a second later, once the edit has committed and rescheduled or cancelled it; a
 * task completed, deleted or moved to another time owes nothing for this job.
 */
export function reminderJobKind(options: { appUrl: string; timeZone: string }): JobKind {
  return {
    plan: async (tx, jobs) => {
      const result = await tx.execute(sql`
        with wanted as (
          select j.id as job_id, (j.payload->>'task_id')::uuid as task_id from scheduled_jobs j
          where j.id in (select json_array_elements_text(${jobIdsJson(jobs)}::json)::bigint)
        ), locked as (
          -- The rows as they are once locked (the latest committed version), not as the
          -- statement's snapshot saw them: an edit committed meanwhile is what counts.
          select t.id, t.title, t.due_at, t.done, t.remind_at, t.reminded_for, t.assignee_id, t.lead_id, t.brand_id
          from tasks t where t.id in (select task_id from wanted) for no key update skip locked
        )
        select w.job_id, exists (select 1 from tasks x where x.id = w.task_id) as task_exists,
          k.id is not null as locked,
          coalesce(not k.done and k.remind_at is not null and k.remind_at is distinct from k.reminded_for
            and k.remind_at <= now(), false) as owed,
          k.title, k.due_at, u.email, u.name, u.language, u.is_active, k.lead_id, k.brand_id,
          coalesce(${leadLabel(sql`lb.name`, sql`l.assessment`)}, b.name) as record
        from wanted w
        left join locked k on k.id = w.task_id
        left join users u on u.id = k.assignee_id
        left join leads l on l.id = k.lead_id
        left join brands lb on lb.id = l.brand_id
        left join brands b on b.id = k.brand_id`);
      return rawRows<ReminderRow>(result).map((row): JobPlan => {
        const jobId = Number(row.job_id);
        if (!row.task_exists) return { jobId, drop: true };
        if (!row.locked) return { jobId, later: true };
        if (!row.owed || row.email === null || !row.is_active) return { jobId, drop: true };
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
    // The reminder for this time is handed over: the task owes none until its time changes.
    sent: async (tx: Database, jobs) => {
      await tx.execute(sql`update tasks set reminded_for = remind_at
        where id in (select (payload->>'task_id')::uuid from scheduled_jobs
          where id in (select json_array_elements_text(${jobIdsJson(jobs)}::json)::bigint))`);
    },
  };
}
