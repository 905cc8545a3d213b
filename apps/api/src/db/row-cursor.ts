import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { Query } from 'drizzle-orm';
import type pg from 'pg';
import type { DbHandle } from './client';

/**
 * Every row of a query, a batch at a time, in constant memory: a database cursor, on both engines.
 * For exports (a million leads is one download): never OFFSET paging (quadratic), never the whole
 * result in the process.
 *
 * - PostgreSQL: a client of its own from the bulk pool (never the requests' pool: however many
 *   downloads are under way, and however slowly their clients read, the other requests keep their
 *   connections), a REPEATABLE READ READ ONLY transaction and a plain (non-held) cursor, so the
 *   first rows come at once and the whole download reads one snapshot. The transaction ends and
 *   the client goes back to the pool in `close`, which the caller runs in every case (end, error,
 *   client gone).
 * - PGlite: one connection for the whole app, whose transactions block every other query; a
 *   transaction held while the client downloads would stop the app. So the cursor is declared
 *   WITH HOLD in autocommit (the result is materialised once, when it is declared) and each FETCH
 *   is one short query between the other requests' queries; `close` runs CLOSE.
 */
export type RowCursor = {
  /** The next batch of rows, as arrays in the select's column order; empty once every row was read. */
  read: () => Promise<unknown[][]>;
  /** Ends the cursor (and on PostgreSQL its transaction and pooled client). Idempotent; waits for a read in flight. */
  close: () => Promise<void>;
};

/** Rows per FETCH: small enough for flat memory, large enough that round trips cost little. */
export const DEFAULT_BATCH_SIZE = 1000;

const cursorName = () => `row_cursor_${randomBytes(8).toString('hex')}`;

type Engine = {
  fetch: (name: string, count: number) => Promise<unknown[][]>;
  /** `failed`: a statement failed (the transaction, if any, is aborted). */
  end: (name: string, failed: boolean) => Promise<void>;
};

async function postgresEngine(pool: pg.Pool, name: string, query: Query): Promise<Engine> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`declare ${name} no scroll cursor for ${query.sql}`, query.params);
  } catch (error) {
    // Back to the pool without its transaction: a failed statement aborted it.
    await client.query('rollback').catch(() => undefined);
    client.release();
    throw error;
  }
  return {
    fetch: async (cursor, count) =>
      (await client.query<unknown[]>({ text: `fetch ${count} from ${cursor}`, rowMode: 'array' })).rows,
    end: async (_cursor, failed) => {
      let broken: Error | undefined;
      try {
        // Ending the transaction closes its cursor.
        await client.query(failed ? 'rollback' : 'commit');
      } catch (error) {
        // A client that cannot end its transaction is not given back to the pool: it is discarded.
        broken = error instanceof Error ? error : new Error(String(error));
      } finally {
        client.release(broken);
      }
    },
  };
}

async function pgliteEngine(client: PGlite, name: string, query: Query): Promise<Engine> {
  await client.query(`declare ${name} no scroll cursor with hold for ${query.sql}`, query.params);
  return {
    fetch: async (cursor, count) =>
      (await client.query<unknown[]>(`fetch ${count} from ${cursor}`, [], { rowMode: 'array' })).rows,
    end: async (cursor) => {
      // A database closed meanwhile (shutdown past its timeout) has dropped the cursor with it.
      if (client.closed) return;
      await client.query(`close ${cursor}`);
    },
  };
}

/**
 * Opens a cursor over `query` (text and bound parameters, e.g. a Drizzle select's `toSQL()` with
 * its placeholders filled). Fails like the query would (before any row is read); once it has
 * answered, the caller must `close` it.
 */
export async function openRowCursor(
  handle: DbHandle,
  query: Query,
  batchSize = DEFAULT_BATCH_SIZE,
): Promise<RowCursor> {
  const name = cursorName();
  const engine =
    handle.kind === 'postgres'
      ? await postgresEngine(handle.bulkClient, name, query)
      : await pgliteEngine(handle.client, name, query);

  let done = false;
  let failed = false;
  let closing: Promise<void> | undefined;
  // The read in flight: `close` waits for it (one statement at a time on a connection).
  let reading: Promise<unknown> = Promise.resolve();

  const read = async (): Promise<unknown[][]> => {
    if (done || closing) return [];
    const batch = engine.fetch(name, batchSize);
    reading = batch.catch(() => undefined);
    try {
      const rows = await batch;
      if (rows.length < batchSize) done = true;
      return rows;
    } catch (error) {
      failed = true;
      throw error;
    }
  };

  const close = () => {
    closing ??= reading.then(() => engine.end(name, failed));
    return closing;
  };

  return { read, close };
}
