import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  type BackfillLoad,
  type BackfillOptions,
  type BackfillReport,
  backfillInTransaction,
  type Row,
  recountDifferences,
  type SqlRunner,
} from './backfill';
import type { Database, DbHandle } from './client';
import { DERIVED_DATA, hasRecount } from './derived-data';

/**
 * Runs a backfill (backfill.ts) on the app's database, in one transaction of its own:
 * - PGlite: in `transaction()`, which holds the database for the backfill alone;
 * - PostgreSQL: on a connection of its own (not the pools', whose statement limits are meant for
 *   requests: a load or a recount of a million rows may run for minutes), without a statement
 *   timeout. Writers of the backfilled tables wait until it commits; readers do not.
 * On any error the transaction rolls back (the triggers' state with it) and the error is thrown.
 */
export async function backfill(
  handle: DbHandle,
  load: BackfillLoad | undefined,
  options: BackfillOptions = {},
): Promise<BackfillReport> {
  if (handle.kind === 'pglite') {
    return handle.client.transaction((tx) =>
      backfillInTransaction({ query: (text) => tx.exec(text) }, load, options),
    );
  }
  const client = new pg.Client({
    connectionString: handle.client.options.connectionString,
    application_name: 'funil-backfill',
  });
  // A connection lost mid-way fails the statement in flight; the error event must not end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('begin');
    try {
      await client.query(
        'set local statement_timeout = 0; set local idle_in_transaction_session_timeout = 0',
      );
      const report = await backfillInTransaction(client, load, options);
      await client.query('commit');
      return report;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** The app's Drizzle database as a runner of SQL text (to compare a structure with its recount). */
export const databaseRunner = (db: Database): SqlRunner => ({
  query: (text) => db.execute(sql.raw(text)),
});

/**
 * A structure of the inventory (by its name in derived-data.ts) against its recount: for each of
 * its parts, the rows kept and the rows where kept and counted differ (none when it is exact).
 */
export async function compareWithRecount(
  db: Database,
  structureName: string,
): Promise<{ target: string; kept: number; differences: Row[] }[]> {
  const structure = DERIVED_DATA.find((entry) => entry.name === structureName);
  if (!structure || !hasRecount(structure.recount))
    throw new Error(`No recount in the inventory for ${structureName}`);
  const runner = databaseRunner(db);
  const results = [];
  for (const recount of structure.recount)
    results.push({ target: recount.target, ...(await recountDifferences(runner, recount)) });
  return results;
}
