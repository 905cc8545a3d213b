import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Runs `work` in a transaction that names its user: the outbox triggers read
 * `funil.actor` to say who wrote each lead, brand or contact (the live-update event's `by`).
 * `set_config(…, true)` lasts until the transaction ends, so a pooled connection never carries one
 * request's user into the next. A null actor (a command-line tool) leaves it unset.
 */
export async function writeAs<T>(
  db: Database,
  actorId: string | null,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (actorId !== null) await tx.execute(sql`select set_config('funil.actor', ${actorId}, true)`);
    return work(tx);
  });
}
