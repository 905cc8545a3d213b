import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { Database } from '../../db/client';
import { coalescingRunner } from '../../lib/coalescing-runner';
import { isPermanentRefusal } from '../../lib/mail/mail-refusal';
import type { MailMessage } from '../../lib/mail/mailer';
import { finishTogether } from './finish-together';
import {
  type ClaimedJob,
  claimDueJobs,
  finishJob,
  finishJobs,
  nextRunAt,
  releaseJob,
  renewClaim,
  repeatJob,
} from './scheduled-jobs';

/** What to do with one claimed job. */
export type JobPlan =
  /** Send this email; the job is done once the mail server has it. */
  | { jobId: number; send: MailMessage }
  /** Nothing is owed any more (the task was completed, the note deleted): drop the job. */
  | { jobId: number; drop: true }
  /** A periodic chore (periodic-chores.ts): do `run`, then the same job is due again at `repeatAt`. */
  | { jobId: number; run: () => Promise<void>; repeatAt: Date };

/** A kind of job: how its jobs are read into plans, and what a sent one records. */
export type JobKind = {
  /**
   * Reads what the jobs are about — outside any transaction, holding no lock — into one plan per
   * job (a job it answers nothing for is dropped). Called for a claimed batch at once, and again
   * for one job whose plan has grown old waiting for its turn. `now` is the runner's clock (a
   * reminder is owed once its time has come). It may write what the email needs (a reset link's
   * token is minted here), in statements of its own.
   */
  plan: (db: Database, jobs: ClaimedJob[], now: Date) => Promise<JobPlan[]>;
  /**
   * Finishes jobs whose emails were handed over, in one statement (nothing is held between two):
   * records what was sent and removes each job, only if it is still owed as it was claimed — not
   * moved to another time, done or taken over meanwhile. Answers the ids it finished (a job left
   * out is left as it is now). Default: deletes the jobs that are still their claim's.
   */
  finish?: (db: Database, jobs: ClaimedJob[]) => Promise<number[]>;
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
   * How long a claim keeps other processes away from a job. It is renewed as the job's email
   * starts when less than half of it is left, so half of it must outlast one send (the mailer's
   * whole-message limit) and the finishing statement. A process that dies holding jobs leaves
   * them due again when their leases end.
   */
  leaseMs?: number | undefined;
  /** On stop, how long the emails being sent get to finish before they are aborted. */
  stopGraceMs?: number | undefined;
};

export const DEFAULT_LEASE_MS = 120_000;
/**
 * A plan older than this when its email's turn comes (it waited behind slow sends) is read again,
 * so an email never says what stopped being true while it waited (a task completed meanwhile).
 */
export const FRESH_PLAN_MS = 1_000;
/** Permanent refusals (an SMTP 5xx) after which a job is given up and logged as an error. */
export const MAX_REFUSALS = 3;
/**
 * 10 s, 20 s, 40 s, then every 60 s for as long as it takes: a mail server that is away is not
 * hammered, and one that comes back is used within a minute however long it was away.
 */
export const retryDelayMs = (attempts: number) => Math.min(10_000 * 2 ** attempts, 60_000);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A claimed job's plan as read with its batch, or why it could not be read. */
type Planned = { plan: JobPlan | undefined; at: number } | { error: unknown };

/** The jobs by kind (Map.groupBy is Node 21+; this runs on 20). */
function groupByKind(jobs: readonly ClaimedJob[]): Map<string, ClaimedJob[]> {
  const groups = new Map<string, ClaimedJob[]>();
  for (const job of jobs) groups.set(job.kind, [...(groups.get(job.kind) ?? []), job]);
  return groups;
}

/**
 * Runs the due jobs of every process's shared queue, never holding a transaction, a lock or a
 * pooled connection while it waits for the mail server:
 *
 * 1. one statement claims a batch of due jobs: a lease (`claimed_by`, `claimed_until`) on each;
 *    each kind reads what its jobs of the batch are about, with plain reads;
 * 2. for each job, up to `sendConcurrency` at once, its email is sent (a job that waited for its
 *    turn until its plan is old is read again, and its lease renewed if less than half is left);
 * 3. right after its own email, one statement finishes the job — records what was sent and
 *    deletes it — if it is still owed as claimed (emails accepted at the same moment share that
 *    statement); a failed email gives it back for later.
 *
 * A job moved or replaced while its email was out (a task given another reminder time) lost its
 * lease to that write, so step 3 leaves it for its new time. A process that dies between the mail
 * server's acceptance of an email and step 3 leaves that one job to be sent again when its lease
 * ends, never the batch; every other case sends exactly once.
 *
 * `wake()` looks at the queue now; between wakes a timer is armed for the next job's `run_at` or
 * the next lease's end (at most `maxIdleMs` away), so a reminder leaves at its time, and one due
 * while no process was running leaves at the first look after start.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, kinds, send, log } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 50;
  const maxIdleMs = options.maxIdleMs ?? 10_000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const stopGraceMs = options.stopGraceMs ?? 5_000;
  const limit = pLimit(options.sendConcurrency ?? 5);
  const stopping = new AbortController();
  const inMs = (ms: number) => new Date(now().getTime() + ms);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /**
   * Each job is finished right after its own email; the emails accepted while a finishing
   * statement runs are finished together by the next one (per kind), so a burst of reminders
   * costs a statement per moment rather than one per email, and a job never waits for a batch.
   */
  const finishers = new Map(
    Object.entries(kinds).map(([name, kind]) => [
      name,
      finishTogether(async (jobs: ClaimedJob[]) => {
        const done = new Set(await (kind.finish ?? finishJobs)(db, jobs));
        return new Set(jobs.filter((job) => done.has(job.id)));
      }),
    ]),
  );

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

  /** Each kind reads its jobs of the batch in one go; a kind that cannot fails its jobs alone. */
  async function planBatch(jobs: readonly ClaimedJob[]): Promise<Map<number, Planned>> {
    const planned = new Map<number, Planned>();
    for (const [kindName, ofKind] of groupByKind(jobs)) {
      const kind = kinds[kindName];
      if (!kind) continue;
      const at = now().getTime();
      try {
        const plans = await kind.plan(db, ofKind, now());
        for (const job of ofKind) {
          planned.set(job.id, { plan: plans.find((plan) => plan.jobId === job.id), at });
        }
      } catch (error) {
        for (const job of ofKind) planned.set(job.id, { error });
      }
    }
    return planned;
  }

  async function runJob(job: ClaimedJob, planned: Planned | undefined): Promise<void> {
    // Stopping: a job not started yet goes back to the queue at once, for the next process.
    if (stopped) return releaseJob(db, job, { runAt: now() });
    const kind = kinds[job.kind];
    if (!kind || !planned) {
      log.error({ kind: job.kind, job: job.key }, 'scheduled job of an unknown kind dropped');
      await finishJob(db, job);
      return;
    }
    let plan: JobPlan | undefined;
    try {
      // A kind that cannot plan its job (a bug, a record it cannot read) fails that job alone.
      if ('error' in planned) throw planned.error;
      // The lease must outlast this send: a job that waited for its turn until less than half of
      // its lease is left gets a new one (and is dropped here if it is not this claim's any more).
      if (job.claimedUntil.getTime() - now().getTime() < leaseMs / 2) {
        const until = inMs(leaseMs);
        if (!(await renewClaim(db, job, until))) return;
        job.claimedUntil = until;
      }
      plan =
        now().getTime() - planned.at <= FRESH_PLAN_MS ? planned.plan : (await kind.plan(db, [job], now()))[0];
    } catch (error) {
      return failed(job, error);
    }
    if (!plan || 'drop' in plan) {
      await finishJob(db, job);
      return;
    }
    if ('run' in plan) {
      try {
        await plan.run();
      } catch (error) {
        return failed(job, error);
      }
      await repeatJob(db, job, plan.repeatAt);
      return;
    }
    try {
      await send(plan.send, stopping.signal);
    } catch (error) {
      // Cut short by the process stopping, not refused: back to the queue as it was.
      if (stopping.signal.aborted) return releaseJob(db, job, { runAt: now() });
      return failed(job, error);
    }
    if (!(await finishers.get(job.kind)?.(job))) {
      log.info(
        { job: job.key },
        'scheduled job changed while its email was out (moved, done or taken over); left as it is now',
      );
    }
  }

  async function runBatch(): Promise<number> {
    const jobs = await claimDueJobs(db, {
      limit: batchSize,
      now: now(),
      until: inMs(leaseMs),
      claim: randomUUID(),
    });
    const planned = await planBatch(jobs);
    await Promise.all(
      jobs.map((job) =>
        limit(() => runJob(job, planned.get(job.id))).catch((error: unknown) =>
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
