import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database, DbHandle } from '../../db/client';
import * as schema from '../../db/schema';

/**
 * The database imports read and write through: on PostgreSQL a Drizzle of its own over the bulk
 * pool, whose statements may run minutes (a commit of 10,000 rows) and whose connections the
 * other requests never wait for; on PGlite, whose one connection serves everything, the app's.
 */
export function bulkDatabase(handle: DbHandle): Database {
  return handle.kind === 'postgres' ? drizzle({ client: handle.bulkClient, schema }) : handle.db;
}
