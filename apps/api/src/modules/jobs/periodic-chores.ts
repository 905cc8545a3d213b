import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { JobKind } from './job-runner';

/**
 * A chore every deployment needs done now and then (purging what has expired), whichever process
 * does it: one job in the shared queue, keyed by its kind, that the runner claims like any other
 * (so one process at a time does it) and puts back due `intervalMs` later once done. A failed round
 * is retried as a failed email is (10 s, 20 s, ... at most a minute later).
 */
export type PeriodicChore = {
  /** The job's kind and key. */
  kind: string;
  intervalMs: number;
  /** One round; a rejection fails the round (retried soon), a part that logs its own failure does not. */
  run: (db: Database, log: FastifyBaseLogger) => Promise<void>;
};

/** The runner's kind for a chore: each claim runs it once and schedules the next round. */
export function periodicChoreKind(chore: PeriodicChore, log: FastifyBaseLogger): JobKind {
  return {
    plan: async (db, jobs, now) =>
      jobs.map((job) => ({
        jobId: job.id,
        run: () => chore.run(db, log),
        repeatAt: new Date(now.getTime() + chore.intervalMs),
      })),
  };
}

/**
 * Makes sure each chore has its job, due at `now` when it had none (a new deployment does its
 * chores at once). A job already queued keeps its time, unless that is further than one interval
 * away (the interval was shortened): then it is due one interval from now. Every process calls this
 * at start; the key's uniqueness keeps one job per chore however many do.
 */
export async function schedulePeriodicChores(
  db: Database,
  chores: readonly PeriodicChore[],
  now: Date,
): Promise<void> {
  if (chores.length === 0) return;
  const rows = JSON.stringify(chores.map((chore) => ({ kind: chore.kind, interval_ms: chore.intervalMs })));
  const at = now.toISOString();
  // A missing job is inserted and a too-distant one brought forward, and no other row is touched:
  // an upsert (ON CONFLICT DO UPDATE) locks every conflicting row even when its WHERE leaves it as
  // it is, and a runner claiming due jobs at that moment (FOR UPDATE SKIP LOCKED) would skip a
  // chore due now, leaving it for its next look.
  await db.execute(sql`with wanted as (
      select c.kind, jsonb_build_object('interval_ms', c.interval_ms) as payload,
        ${at}::timestamptz + make_interval(secs => c.interval_ms / 1000.0) as next_run_at
      from json_to_recordset(${rows}::json) as c(kind text, interval_ms bigint)
    ), inserted as (
      insert into scheduled_jobs (kind, key, run_at, payload)
      select kind, kind, ${at}::timestamptz, payload from wanted
      on conflict (key) do nothing
    )
    update scheduled_jobs j set run_at = w.next_run_at, payload = w.payload
    from wanted w
    where j.key = w.kind and j.run_at > w.next_run_at`);
}
