import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rawRows } from '../../db/raw-rows';

/** A job claimed by this process: its row is locked until the claiming transaction ends. */
export type ClaimedJob = {
  id: number;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
};

/**
 * Adds jobs due now (a mention's email), one per key; a key already queued is left as it is.
 * Written in the caller's transaction: the job exists exactly when what it is about does.
 */
export async function enqueueNow(
  tx: Database,
  jobs: readonly { kind: string; key: string; payload: Record<string, unknown> }[],
): Promise<void> {
  if (jobs.length === 0) return;
  await tx.execute(sql`insert into scheduled_jobs (kind, key, run_at, payload)
    select job->>'kind', job->>'key', now(), job->'payload' from json_array_elements(${JSON.stringify(jobs)}::json) job
    on conflict (key) do nothing`);
}

/**
 * Claims up to `limit` due jobs, oldest first. FOR UPDATE SKIP LOCKED: jobs another process has
 * claimed are passed over, not waited for, so every process takes a different share and none
 * blocks on another's mail server.
 */
export async function claimDueJobs(tx: Database, limit: number): Promise<ClaimedJob[]> {
  const result = await tx.execute(sql`select id, kind, key, payload, attempts from scheduled_jobs
    where run_at <= now() order by run_at, id limit ${limit} for update skip locked`);
  return rawRows<{
    id: string | number;
    kind: string;
    key: string;
    payload: Record<string, unknown>;
    attempts: number;
  }>(result).map((row) => ({ ...row, id: Number(row.id) }));
}

/** Jobs done (or no longer owed): gone in the transaction that did them. */
export async function finishJobs(tx: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`delete from scheduled_jobs where id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::bigint)`,
  );
}

/** Jobs to look at again after `seconds` (their record is being written by someone else right now). */
export async function postponeJobs(tx: Database, ids: readonly number[], seconds: number): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`update scheduled_jobs set run_at = now() + make_interval(secs => ${seconds})
    where id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::bigint)`);
}

/** A failed attempt: counted, its error kept, tried again after `seconds`. */
export async function retryJob(tx: Database, id: number, error: string, seconds: number): Promise<void> {
  await tx.execute(sql`update scheduled_jobs set attempts = attempts + 1, last_error = ${error.slice(0, 1000)},
    run_at = now() + make_interval(secs => ${seconds}) where id = ${id}`);
}

/** When the next job falls due (null: the queue is empty). */
export async function nextRunAt(db: Database): Promise<Date | null> {
  const result = await db.execute(sql`select min(run_at) as next from scheduled_jobs`);
  const next = rawRows<{ next: Date | string | null }>(result)[0]?.next ?? null;
  return next === null ? null : new Date(next);
}
