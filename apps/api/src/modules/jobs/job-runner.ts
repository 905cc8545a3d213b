import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { Database } from '../../db/client';
import { coalescingRunner } from '../../lib/coalescing-runner';
import { isPermanentRefusal } from '../../lib/mail/mail-refusal';
import type { MailMessage } from '../../lib/mail/mailer';
import {
  type ClaimedJob,
  claimDueJobs,
  finishJob,
  nextRunAt,
  releaseJob,
  renewClaim,
} from './scheduled-jobs';

/** What to do with one claimed job. */
export type JobPlan =
  /** Send this email; the job is done once the mail server has it. */
  | { jobId: number; send: MailMessage }
  /** Nothing is owed any more (the task was completed, the note deleted): drop the job. */
  | { jobId: number; drop: true };

/** A kind of job: how its jobs are read into plans, and what a sent one records. */
export type JobKind = {
  /**
   * Reads what the jobs are about — outside any transaction, holding no lock — into one plan per
   * job. `now` is the runner's clock (a reminder is owed once its time has come). It may write
   * what the email needs (a reset link's token is minted here), in statements of its own.
   */
  plan: (db: Database, jobs: ClaimedJob[], now: Date) => Promise<JobPlan[]>;
  /**
   * First thing in the short transaction that finishes a sent job, before the job's row is
   * touched: locks the rows a writer of the job's subject locks before it writes the job (a task
   * before its reminder's job), so both lock in the same order and neither can deadlock the other.
   */
  lockSubject?: (tx: Database, job: ClaimedJob) => Promise<void>;
  /**
   * Records, in that transaction, that the job's email was handed over. Called only when the job
   * was still this claim's (not moved to another time or replaced while its email was sent).
   */
  sent?: (tx: Database, job: ClaimedJob) => Promise<void>;
};

export type JobRunnerOptions = {
  db: Database;
  kinds: Record<string, JobKind>;
  /** Hands an email to the mail server; rejects on a refusal, a limit run out, or `signal`. */
  send: (message: MailMessage, signal: AbortSignal) => Promise<void>;
  log: FastifyBaseLogger;
  /**
   * The clock that decides what is due, how long leases last and when to look again (default:
   * the system's). Tests move it instead of waiting for the wall clock.
   */
  now?: (() => Date) | undefined;
  /** Jobs claimed per statement. */
  batchSize?: number | undefined;
  /** Emails sent side by side. */
  sendConcurrency?: number | undefined;
  /** The longest wait between two looks at the queue, whatever the notifications say. */
  maxIdleMs?: number | undefined;
  /**
   * How long a claim keeps other processes away from a job; it starts again as the job's email
   * starts, so it must outlast one send (the mailer's whole-message limit) and the finishing
   * transaction. A process that dies holding jobs leaves them due again when it ends.
   */
  leaseMs?: number | undefined;
  /** On stop, how long the emails being sent get to finish before they are aborted. */
  stopGraceMs?: number | undefined;
};

export const DEFAULT_LEASE_MS = 120_000;
/** Permanent refusals (an SMTP 5xx) after which a job is given up and logged as an error. */
export const MAX_REFUSALS = 3;
/**
 * 10 s, 20 s, 40 s, then every 60 s for as long as it takes: a mail server that is away is not
 * hammered, and one that comes back is used within a minute however long it was away.
 */
export const retryDelayMs = (attempts: number) => Math.min(10_000 * 2 ** attempts, 60_000);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs the due jobs of every process's shared queue, never holding a transaction, a lock or a
 * pooled connection while it waits for the mail server:
 *
 * 1. one statement claims a batch of due jobs: a lease (`claimed_by`, `claimed_until`) on each;
 * 2. for each job, up to `sendConcurrency` at once: the lease is renewed (which also checks the job
 *    is still this claim's), the kind reads what the job is about, and the email is sent;
 * 3. a short transaction deletes the job — if it is still this claim's — and records what was
 *    sent; a failed email gives the job back with a later `run_at`.
 *
 * A job moved or replaced while its email was out (a task given another reminder time) lost its
 * lease to that write, so step 3 leaves it for its new time. A process that dies between the mail
 * server's acceptance and step 3 leaves one job — one email — to be sent again when its lease
 * ends; every other case sends exactly once.
 *
 * `wake()` looks at the queue now; between wakes a timer is armed for the next job's `run_at` or
 * the next lease's end (at most `maxIdleMs` away), so a reminder leaves at its time, and one due
 * while no process was running leaves at the first look after start.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, kinds, send, log } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 20;
  const maxIdleMs = options.maxIdleMs ?? 10_000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const stopGraceMs = options.stopGraceMs ?? 5_000;
  const limit = pLimit(options.sendConcurrency ?? 5);
  const stopping = new AbortController();
  const inMs = (ms: number) => new Date(now().getTime() + ms);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function failed(job: ClaimedJob, error: unknown): Promise<void> {
    const refused = isPermanentRefusal(error);
    const attempts = job.attempts + 1;
    if (refused && job.refusals + 1 >= MAX_REFUSALS) {
      log.error({ err: error, job: job.key, attempts }, 'scheduled job given up: the mail server refuses it');
      await finishJob(db, job);
      return;
    }
    log.warn({ err: error, job: job.key, attempts }, 'scheduled job failed; will retry');
    await releaseJob(db, job, {
      runAt: inMs(retryDelayMs(job.attempts)),
      failure: { error: errorText(error), refused },
    });
  }

  async function runJob(job: ClaimedJob): Promise<void> {
    // Stopping: a job not started yet goes back to the queue at once, for the next process.
    if (stopped) return releaseJob(db, job, { runAt: now() });
    const kind = kinds[job.kind];
    let plan: JobPlan | undefined;
    try {
      if (!(await renewClaim(db, job, inMs(leaseMs)))) return;
      if (!kind) {
        log.error({ kind: job.kind, job: job.key }, 'scheduled job of an unknown kind dropped');
        await finishJob(db, job);
        return;
      }
      [plan] = await kind.plan(db, [job], now());
    } catch (error) {
      // A kind that cannot plan its job (a bug, a record it cannot read) fails that job alone.
      return failed(job, error);
    }
    if (!plan || 'drop' in plan) {
      await finishJob(db, job);
      return;
    }
    try {
      await send(plan.send, stopping.signal);
    } catch (error) {
      // Cut short by the process stopping, not refused: back to the queue as it was.
      if (stopping.signal.aborted) return releaseJob(db, job, { runAt: now() });
      return failed(job, error);
    }
    const stillOwned = await db.transaction(async (tx) => {
      await kind.lockSubject?.(tx, job);
      const owned = await finishJob(tx, job);
      if (owned) await kind.sent?.(tx, job);
      return owned;
    });
    if (!stillOwned)
      log.info({ job: job.key }, 'scheduled job moved while its email was sent; kept as it is now');
  }

  async function runBatch(): Promise<number> {
    const jobs = await claimDueJobs(db, {
      limit: batchSize,
      now: now(),
      until: inMs(leaseMs),
      claim: randomUUID(),
    });
    await Promise.all(
      jobs.map((job) =>
        limit(() => runJob(job)).catch((error: unknown) =>
          // The database failed around the job: its lease ends and it comes back then.
          log.error(
            { err: error, job: job.key },
            'scheduled job could not be recorded; it comes back when its lease ends',
          ),
        ),
      ),
    );
    return jobs.length;
  }

  function arm(delayMs: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void runner.run(), Math.max(0, Math.min(delayMs, maxIdleMs)));
    timer.unref();
  }

  const runner = coalescingRunner(
    async () => {
      if (stopped) return;
      // A full batch means more may be due: keep going until a batch comes back short.
      while (!stopped && (await runBatch()) === batchSize);
      if (stopped) return;
      const next = await nextRunAt(db);
      arm(next === null ? maxIdleMs : next.getTime() - now().getTime());
    },
    (error) => {
      log.error({ err: error }, 'scheduled jobs round failed');
      arm(maxIdleMs);
    },
  );

  return {
    /** Looks at the queue now (a job was added or moved, or the process just started). */
    wake: (): Promise<void> => runner.run(),
    /**
     * Stops looking. Jobs claimed but not started go back to the queue; emails being sent get
     * `stopGraceMs` to finish and are then aborted (their jobs go back too). Resolves once the
     * round in progress has finished.
     */
    stop: async (): Promise<void> => {
      stopped = true;
      clearTimeout(timer);
      const grace = setTimeout(() => stopping.abort(), stopGraceMs);
      try {
        await runner.idle;
      } finally {
        clearTimeout(grace);
      }
    },
  };
}
