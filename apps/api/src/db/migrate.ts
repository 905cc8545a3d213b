import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../paths';
import type { DbHandle } from './client';

// Any constant works; it only has to be the same in every process of this application.
const MIGRATION_LOCK_KEY = 724_961_001;

/**
 * Applies the committed migrations (apps/api/drizzle) that this database has not seen yet; drizzle
 * records applied ones in drizzle.__drizzle_migrations, so running it again changes nothing.
 */
export async function runMigrations(handle: DbHandle, folder: string = migrationsDir): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: handle.client }), { migrationsFolder: folder });
    return;
  }
  // Several API processes may start together on one PostgreSQL: a session-level advisory lock on
  // one dedicated connection makes them apply migrations one at a time (the later ones find
  // nothing left to do).
  const connection = await handle.client.connect();
  try {
    // A migration over a large table (an index, a backfill) runs as long as it needs: the pool's
    // limits are for requests. Reset before the connection goes back to the pool.
    await connection.query('set statement_timeout = 0');
    await connection.query('set idle_in_transaction_session_timeout = 0');
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client: connection }), { migrationsFolder: folder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await connection
      .query('reset statement_timeout; reset idle_in_transaction_session_timeout')
      .catch(() => undefined);
    connection.release();
  }
}
