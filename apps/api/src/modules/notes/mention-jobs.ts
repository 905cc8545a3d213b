import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { translator } from '../../lib/i18n';
import { renderNoticeMail } from '../../lib/mail/notice-mail';
import type { JobKind, JobPlan } from '../jobs/job-runner';
import { mailLanguage, type RecipientRow } from '../jobs/mail-recipient';
import { enqueueNow } from '../jobs/scheduled-jobs';
import { leadLabel, recordLink } from '../records/record-label';

export const MENTION_JOB = 'note_mention';

/** One email job per person named, keyed by note and person: a person is told once per note. */
export function enqueueMentionMails(tx: Database, noteId: string, userIds: readonly string[]): Promise<void> {
  return enqueueNow(
    tx,
    userIds.map((userId) => ({
      kind: MENTION_JOB,
      key: `${MENTION_JOB}:${noteId}:${userId}`,
      payload: { note_id: noteId, user_id: userId },
    })),
  );
}

type MentionRow = RecipientRow & { body: string | null; author: string | null };

/**
 * A mention's email: the note, who wrote it and a link to its record, in the language of the
 * person named. A note deleted since, or a person deactivated since, owes nothing.
 */
export function mentionJobKind(appUrl: string): JobKind {
  return {
    plan: async (db, jobs) => {
      const result = await db.execute(sql`
        select j.id as job_id, n.body, a.name as author, u.email, u.name, u.language, u.is_active,
          n.lead_id, n.brand_id, coalesce(${leadLabel(sql`lb.name`, sql`l.assessment`)}, b.name) as record
        from scheduled_jobs j
        left join notes n on n.id = (j.payload->>'note_id')::uuid
        left join users u on u.id = (j.payload->>'user_id')::uuid
        left join users a on a.id = n.author_id
        left join leads l on l.id = n.lead_id
        left join brands lb on lb.id = l.brand_id
        left join brands b on b.id = n.brand_id
        where j.id = any (array(
          select json_array_elements_text(${JSON.stringify(jobs.map((job) => job.id))}::json)::bigint))`);
      return rawRows<MentionRow>(result).map((row): JobPlan => {
        const jobId = Number(row.job_id);
        if (row.body === null || row.email === null || !row.is_active) return { jobId, drop: true };
        const t = translator(mailLanguage(row.language));
        const params = { author: row.author ?? '—', record: row.record ?? '', name: row.name ?? '' };
        return {
          jobId,
          send: {
            to: row.email,
            ...renderNoticeMail({
              subject: t('mail:mention.subject', params),
              greeting: t('mail:mention.greeting', params),
              lines: [t('mail:mention.body', params)],
              quote: row.body,
              button: t('mail:mention.button'),
              link: recordLink(appUrl, { leadId: row.lead_id, brandId: row.brand_id }),
              signature: t('mail:mention.signature'),
            }),
          },
        };
      });
    },
  };
}
