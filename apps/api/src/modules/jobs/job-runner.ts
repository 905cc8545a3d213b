import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { Database } from '../../db/client';
import { coalescingRunner } from '../../lib/coalescing-runner';
import type { MailMessage } from '../../lib/mail/mailer';
import {
  type ClaimedJob,
  claimDueJobs,
  finishJobs,
  nextRunAt,
  postponeJobs,
  retryJob,
} from './scheduled-jobs';

/** What to do with one claimed job. */
export type JobPlan =
  /** Send this email; the job is done once the mail server has it. */
  | { jobId: number; send: MailMessage }
  /** Nothing is owed any more (the task was completed, the note deleted): drop the job. */
  | { jobId: number; drop: true }
  /** Its record is being written by someone else right now: look again in a moment. */
  | { jobId: number; later: true };

/** A kind of job: how a batch of its jobs is read into plans, and what a sent one records. */
export type JobKind = {
  /** Reads (and locks) what the jobs are about, in the claiming transaction: one plan per job. */
  plan: (tx: Database, jobs: ClaimedJob[]) => Promise<JobPlan[]>;
  /** Records, in the same transaction, that these jobs' emails were handed over. */
  sent?: (tx: Database, jobs: ClaimedJob[]) => Promise<void>;
};

export type JobRunnerOptions = {
  db: Database;
  kinds: Record<string, JobKind>;
  send: (message: MailMessage) => Promise<void>;
  log: FastifyBaseLogger;
  /** Jobs claimed per transaction. */
  batchSize?: number | undefined;
  /** Emails of a batch sent side by side. */
  sendConcurrency?: number;
  /** The longest wait between two looks at the queue, whatever the notifications say. */
  maxIdleMs?: number | undefined;
};

/** Attempts before a job whose email keeps failing is given up (logged as an error). */
export const MAX_ATTEMPTS = 8;
const LATER_SECONDS = 1;
/** 30 s, 1 min, 2 min … 1 h: a mail server that is down is not hammered. */
const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** attempts, 3600);

/** The jobs by kind (Map.groupBy is Node 21+; this runs on 20). */
function groupByKind(jobs: readonly ClaimedJob[]): Map<string, ClaimedJob[]> {
  const groups = new Map<string, ClaimedJob[]>();
  for (const job of jobs) groups.set(job.kind, [...(groups.get(job.kind) ?? []), job]);
  return groups;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs the due jobs of every process's shared queue. A batch is claimed, its emails sent and the
 * jobs deleted in one transaction: while one process holds a job no other can take it, and a job
 * whose email was handed over is gone when the transaction commits. (If the process dies between
 * the mail server's acceptance and the commit, the job is run again: at least once, and exactly
 * once in every other case.)
 *
 * `wake()` looks at the queue now; between wakes a timer is armed for the next job's `run_at`
 * (at most `maxIdleMs` away), so a reminder leaves at its time, and one due while no process was
 * running leaves at the first look after start.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, kinds, send, log } = options;
  const batchSize = options.batchSize ?? 50;
  const maxIdleMs = options.maxIdleMs ?? 10_000;
  const limit = pLimit(options.sendConcurrency ?? 5);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function runBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      const jobs = await claimDueJobs(tx, batchSize);
      if (jobs.length === 0) return 0;
      const plans: JobPlan[] = [];
      const failures: { job: ClaimedJob; error: unknown }[] = [];
      for (const [kind, ofKind] of groupByKind(jobs)) {
        const handler = kinds[kind];
        if (handler) {
          // A kind that cannot plan its jobs (a bug, a record it cannot read) fails those jobs
          // alone: they are retried later, and the batch's other jobs still go out.
          try {
            plans.push(...(await handler.plan(tx, ofKind)));
          } catch (error) {
            failures.push(...ofKind.map((job) => ({ job, error })));
          }
        } else {
          log.error({ kind, jobs: ofKind.map((job) => job.key) }, 'scheduled job of an unknown kind dropped');
          plans.push(...ofKind.map((job) => ({ jobId: job.id, drop: true as const })));
        }
      }
      const outcomes = await Promise.all(
        plans.map((plan) =>
          'send' in plan
            ? limit(() => send(plan.send)).then(
                () => ({ plan, error: undefined }),
                (error: unknown) => ({ plan, error }),
              )
            : { plan, error: undefined },
        ),
      );
      const byId = new Map(jobs.map((job) => [job.id, job]));
      const sentIds = outcomes
        .filter((o) => 'send' in o.plan && o.error === undefined)
        .map((o) => o.plan.jobId);
      for (const [kind, ofKind] of groupByKind(
        sentIds.map((id) => byId.get(id)).filter((job) => job !== undefined),
      )) {
        await kinds[kind]?.sent?.(tx, ofKind);
      }
      const done = [...sentIds, ...plans.filter((plan) => 'drop' in plan).map((plan) => plan.jobId)];
      for (const { plan, error } of outcomes) {
        const job = byId.get(plan.jobId);
        if (error !== undefined && job) failures.push({ job, error });
      }
      for (const { job, error } of failures) {
        if (job.attempts + 1 >= MAX_ATTEMPTS) {
          log.error({ err: error, job: job.key, attempts: job.attempts + 1 }, 'scheduled job given up');
          done.push(job.id);
        } else {
          log.warn(
            { err: error, job: job.key, attempts: job.attempts + 1 },
            'scheduled job failed; will retry',
          );
          await retryJob(tx, job.id, errorText(error), retryDelaySeconds(job.attempts));
        }
      }
      await finishJobs(tx, done);
      await postponeJobs(
        tx,
        plans.filter((plan) => 'later' in plan).map((plan) => plan.jobId),
        LATER_SECONDS,
      );
      return jobs.length;
    });
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
      arm(next === null ? maxIdleMs : next.getTime() - Date.now());
    },
    (error) => {
      log.error({ err: error }, 'scheduled jobs round failed');
      arm(maxIdleMs);
    },
  );

  return {
    /** Looks at the queue now (a job was added or moved, or the process just started). */
    wake: (): Promise<void> => runner.run(),
    /** Stops looking; resolves once the round in progress has finished. */
    stop: async (): Promise<void> => {
      stopped = true;
      clearTimeout(timer);
      await runner.idle;
    },
  };
}
