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
  await db.execute(sql`insert into scheduled_jobs (kind, key, run_at, payload)
    select c.kind, c.kind, ${now.toISOString()}::timestamptz,
      jsonb_build_object('interval_ms', c.interval_ms)
    from json_to_recordset(${rows}::json) as c(kind text, interval_ms bigint)
    on conflict (key) do update
      set run_at = ${now.toISOString()}::timestamptz + make_interval(secs => (excluded.payload->>'interval_ms')::bigint / 1000.0),
          payload = excluded.payload
    where scheduled_jobs.run_at > ${now.toISOString()}::timestamptz + make_interval(secs => (excluded.payload->>'interval_ms')::bigint / 1000.0)`);
}
