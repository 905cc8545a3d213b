import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/**
 * Live events written so far, whether the sequencer has moved them out of the outbox into the log
 * or not. Both tables are counted in one statement, so one snapshot: counted apart, a row moved
 * between the two counts would be counted twice (or not at all).
 */
export async function writtenEventCount(db: Database): Promise<number> {
  const result = await db.execute(
    sql`select (select count(*) from event_outbox) + (select count(*) from events) as n`,
  );
  const [row] = (result as unknown as { rows: { n: string | number }[] }).rows;
  return Number(row?.n ?? 0);
}
