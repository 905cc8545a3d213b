import type { Language } from '@funil/shared';
import type { Database } from '../../db/client';
import { translator } from '../../lib/i18n';
import { renderPasswordResetMail } from '../../lib/mail/password-reset-mail';
import type { JobKind, JobPlan } from '../jobs/job-runner';
import { mailLanguage } from '../jobs/mail-recipient';
import { enqueueNow } from '../jobs/scheduled-jobs';
import { mintPasswordResetToken, RESET_TTL_MS } from './auth.service';

export const PASSWORD_RESET_JOB = 'password_reset';

/**
 * The reset request's email, queued in the request's transaction: the job names the request and
 * the language asked in, never a token (the token is minted as the email leaves).
 */
export function enqueuePasswordResetMail(tx: Database, resetId: string, language: Language): Promise<void> {
  return enqueueNow(tx, [
    {
      kind: PASSWORD_RESET_JOB,
      key: `${PASSWORD_RESET_JOB}:${resetId}`,
      payload: { reset_id: resetId, language },
    },
  ]);
}

/**
 * A reset link's email: its token is minted (its hash stored, valid from now) just before the
 * email is handed over, in the language of the request. A request spent or dropped meanwhile, or
 * whose user was deactivated, owes nothing.
 */
export function passwordResetJobKind(appUrl: string): JobKind {
  return {
    plan: (db, jobs, now) =>
      Promise.all(
        jobs.map(async (job): Promise<JobPlan> => {
          const minted = await mintPasswordResetToken(db, String(job.payload.reset_id), now);
          if (!minted) return { jobId: job.id, drop: true };
          const content = renderPasswordResetMail({
            t: translator(
              mailLanguage(typeof job.payload.language === 'string' ? job.payload.language : null),
            ),
            name: minted.name,
            link: `${appUrl}/redefinir-senha?token=${encodeURIComponent(minted.token)}`,
            minutes: RESET_TTL_MS / 60_000,
          });
          return { jobId: job.id, send: { to: minted.email, ...content } };
        }),
      ),
  };
}
