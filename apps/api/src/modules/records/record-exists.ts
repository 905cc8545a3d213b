import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, leads } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** What notes, tasks and timelines hang on: an opportunity or a brand. */
export type RecordType = 'lead' | 'brand';

/** Whether the opportunity or brand `id` exists. */
export async function recordExists(db: Database, type: RecordType, id: string): Promise<boolean> {
  const table = type === 'lead' ? leads : brands;
  const [found] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return found !== undefined;
}

/** The record named in a route's path must exist: else its own 404 ("Oportunidade não encontrada"). */
export async function assertRecordExists(db: Database, type: RecordType, id: string): Promise<void> {
  if (!(await recordExists(db, type, id))) throw new AppError(404, `errors:not_found.${type}`);
}
