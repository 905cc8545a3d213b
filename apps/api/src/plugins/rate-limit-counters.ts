import { lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';

/** A counter after a hit: hits in the current window, and when that window ends (epoch ms). */
export type CounterState = { hits: number; resetsAt: number };

const { hits, resetsAt } = rateLimitCounters;

/**
 * Counts one hit on `key`, in one statement: a new key, or one whose window has ended, starts a
 * window of `windowMs` at `now` with 1 hit; a live one gains a hit. The upsert locks the row, so
 * hits sent at once by any number of processes are each counted exactly once.
 */
export async function countRateLimitHit(
  db: Database,
  key: string,
  windowMs: number,
  now: number,
): Promise<CounterState> {
  const ended = sql`${resetsAt} <= ${now}`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, resetsAt: now + windowMs })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${hits} + 1 end`,
        resetsAt: sql`case when ${ended} then ${now + windowMs} else ${resetsAt} end`,
      },
    })
    .returning({ hits, resetsAt });
  if (!row) throw new Error('The rate-limit upsert returned no row');
  return row;
}

/**
 * Deletes counters whose window ended by `now`: the next hit on such a key starts afresh either
 * way, so they only take room. Safe to run from several processes at once.
 */
export async function purgeExpiredRateLimitCounters(db: Database, now = Date.now()): Promise<number> {
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lte(resetsAt, now))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}
