import type { Config } from '../config';
import { createDb, type DbHandle } from './client';
import { runMigrations } from './migrate';

/** Opens the configured database, brings its schema up to date, runs `work`, and closes it. */
export async function withMigratedDatabase<T>(
  config: Config,
  work: (handle: DbHandle) => Promise<T>,
): Promise<T> {
  const handle = await createDb(config);
  try {
    await runMigrations(handle);
    return await work(handle);
  } finally {
    await handle.close();
  }
}
