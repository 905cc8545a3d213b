import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, leads } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** What notes, tasks and timelines hang on: an opportunity or a brand. */
export type RecordType = 'lead' | 'brand';

const tableOf = (type: RecordType) => (type === 'lead' ? leads : brands);

/** Whether the opportunity or brand `id` exists (a read: nothing is held). */
export async function recordExists(db: Database, type: RecordType, id: string): Promise<boolean> {
  const table = tableOf(type);
  const [found] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return found !== undefined;
}

/** The record named in a route's path must exist: else its own 404 ("Oportunidade não encontrada"). */
export async function assertRecordExists(db: Database, type: RecordType, id: string): Promise<void> {
  if (!(await recordExists(db, type, id))) throw new AppError(404, `errors:not_found.${type}`);
}

/**
 * Inside a write's transaction, before writing something that hangs on the record: whether it
 * exists, and if so it stays until the transaction ends. Its row is held FOR KEY SHARE — the lock
 * the foreign key itself takes when the row is inserted, which blocks only a delete (or a change
 * of the key) — so a delete of the record that comes meanwhile waits for this write and then takes
 * what it added along (cascade), and one that came first makes this false rather than the insert
 * fail on the foreign key. Answers false for a record that is gone.
 */
export async function holdRecord(tx: Database, type: RecordType, id: string): Promise<boolean> {
  const table = tableOf(type);
  const [found] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('key share');
  return found !== undefined;
}

/** `holdRecord`, or the record's own 404 when it is gone ("Marca não encontrada"). */
export async function holdExistingRecord(tx: Database, type: RecordType, id: string): Promise<void> {
  if (!(await holdRecord(tx, type, id))) throw new AppError(404, `errors:not_found.${type}`);
}
