import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rawRows } from '../../db/raw-rows';

/**
 * A job claimed by this process: its row carries this claim's lease (`claimed_by = claim`) until
 * the job is finished or released, the lease ends, or a writer moves or replaces the job.
 */
export type ClaimedJob = {
  id: number;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  /** Failed attempts before this one. */
  attempts: number;
  /** Permanent refusals by the mail server before this attempt. */
  refusals: number;
  /** The claim whose lease holds the job: every later write checks it is still this one. */
  claim: string;
  /** When that lease ends (renewed as the job's email starts if less than half of it is left). */
  claimedUntil: Date;
};

/** A moment as a statement's parameter: the runner's clock decides what is due, not the database's. */
const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

/**
 * Adds jobs due now (a mention's email, a reset link's), one per key; a key already queued is left
 * as it is. Written in the caller's transaction: the job exists exactly when what it is about does.
 * The time is cut to the millisecond, as the runner's clock reads it, so a look at the queue right
 * after the commit finds the job due.
 */
export async function enqueueNow(
  tx: Database,
  jobs: readonly { kind: string; key: string; payload: Record<string, unknown> }[],
): Promise<void> {
  if (jobs.length === 0) return;
  await tx.execute(sql`insert into scheduled_jobs (kind, key, run_at, payload)
    select job->>'kind', job->>'key', date_trunc('milliseconds', now()), job->'payload'
    from json_array_elements(${JSON.stringify(jobs)}::json) job
    on conflict (key) do nothing`);
}

/**
 * Claims up to `limit` jobs due at `now` (oldest first) whose lease is free or has ended, in one
 * statement: each gets the lease `claim` until `until`. FOR UPDATE SKIP LOCKED: a job another
 * process is claiming at the same moment is passed over, not waited for, so every process takes a
 * different share. No lock outlives the statement; the lease is what keeps others away.
 */
export async function claimDueJobs(
  db: Database,
  options: { limit: number; now: Date; until: Date; claim: string },
): Promise<ClaimedJob[]> {
  const result = await db.execute(sql`with due as (
      select id from scheduled_jobs
      where run_at <= ${at(options.now)} and (claimed_until is null or claimed_until < ${at(options.now)})
      order by run_at, id limit ${options.limit} for update skip locked
    )
    update scheduled_jobs j set claimed_by = ${options.claim}, claimed_until = ${at(options.until)}
    from due where j.id = due.id
    returning j.id, j.kind, j.key, j.payload, j.attempts, j.refusals, j.run_at`);
  return rawRows<{
    id: string | number;
    kind: string;
    key: string;
    payload: Record<string, unknown>;
    attempts: number;
    refusals: number;
    run_at: Date | string;
  }>(result)
    .map((row) => ({ ...row, id: Number(row.id), runAt: new Date(row.run_at).getTime() }))
    .sort((a, b) => a.runAt - b.runAt || a.id - b.id)
    .map(({ id, kind, key, payload, attempts, refusals }) => ({
      id,
      kind,
      key,
      payload,
      attempts,
      refusals,
      claim: options.claim,
      claimedUntil: options.until,
    }));
}

/**
 * Extends the job's lease to `until` if it is still this claim's: false when a writer moved or
 * replaced the job, it was done, or another process took it over after the lease ended.
 */
export async function renewClaim(db: Database, job: ClaimedJob, until: Date): Promise<boolean> {
  const result = await db.execute(sql`update scheduled_jobs set claimed_until = ${at(until)}
    where id = ${job.id} and claimed_by = ${job.claim} returning id`);
  return rawRows(result).length > 0;
}

/**
 * The job is done (or no longer owed): deleted if it is still this claim's. False when it is not
 * (moved to another time, replaced, or taken over): it stays for whoever owns it now.
 */
export async function finishJob(db: Database, job: ClaimedJob): Promise<boolean> {
  const result = await db.execute(sql`delete from scheduled_jobs
    where id = ${job.id} and claimed_by = ${job.claim} returning id`);
  return rawRows(result).length > 0;
}

/** `finishJob` for several jobs in one statement: answers the ids deleted. */
export async function finishJobs(db: Database, jobs: readonly ClaimedJob[]): Promise<number[]> {
  if (jobs.length === 0) return [];
  const claims = JSON.stringify(jobs.map((job) => ({ id: job.id, claim: job.claim })));
  // By the primary key, as one array (never a hash over the whole queue), each job with its claim.
  const result = await db.execute(sql`delete from scheduled_jobs j
    where j.id = any (array(select (x->>'id')::bigint from json_array_elements(${claims}::json) x))
      and exists (select 1 from json_to_recordset(${claims}::json) as c(id bigint, claim text)
        where c.id = j.id and c.claim = j.claimed_by)
    returning j.id`);
  return rawRows<{ id: string | number }>(result).map((row) => Number(row.id));
}

/**
 * Gives the job back to the queue, due at `runAt`, if it is still this claim's. A failed attempt
 * counts (and a permanent refusal counts as one too), with its error kept for the logs and the
 * people reading the table.
 */
export async function releaseJob(
  db: Database,
  job: ClaimedJob,
  release: { runAt: Date; failure?: { error: string; refused: boolean } },
): Promise<void> {
  const { failure } = release;
  await db.execute(sql`update scheduled_jobs set run_at = ${at(release.runAt)},
    claimed_by = null, claimed_until = null,
    attempts = attempts + ${failure ? 1 : 0}::int, refusals = refusals + ${failure?.refused ? 1 : 0}::int,
    last_error = ${failure ? sql`${failure.error.slice(0, 1000)}` : sql`last_error`}
    where id = ${job.id} and claimed_by = ${job.claim}`);
}

/**
 * A periodic job done: due again at `runAt`, its lease, failures and error cleared, if it is still
 * this claim's.
 */
export async function repeatJob(db: Database, job: ClaimedJob, runAt: Date): Promise<void> {
  await db.execute(sql`update scheduled_jobs set run_at = ${at(runAt)},
    claimed_by = null, claimed_until = null, attempts = 0, refusals = 0, last_error = null
    where id = ${job.id} and claimed_by = ${job.claim}`);
}

/**
 * When the queue next needs a look (null: it is empty): the earliest `run_at` of the jobs nobody
 * holds, or the earliest end of a lease (a job whose process died comes back then).
 */
export async function nextRunAt(db: Database): Promise<Date | null> {
  const result = await db.execute(sql`select least(
      (select min(run_at) from scheduled_jobs where claimed_until is null),
      (select min(claimed_until) from scheduled_jobs where claimed_until is not null)
    ) as next`);
  const next = rawRows<{ next: Date | string | null }>(result)[0]?.next ?? null;
  return next === null ? null : new Date(next);
}
