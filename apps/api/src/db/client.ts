import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { DbKind } from '@funil/shared';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { holdDataDir } from './data-dir-lock';
import { withNamedStatements } from './pglite-named-statements';
import * as schema from './schema';

export type Schema = typeof schema;

/**
 * The one Drizzle type services receive. Both drivers produce a PgDatabase; only the query-result
 * shape differs, which services never look at (they use the query builder, not raw results).
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DbHandle = {
  db: Database;
  kind: DbKind;
  /** True when the database answers a trivial query within a few seconds. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
} & ({ kind: 'pglite'; client: PGlite } | { kind: 'postgres'; client: pg.Pool });

const PING_TIMEOUT_MS = 3000;

const withTimeout = async (work: Promise<unknown>): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
};

/** Extensions the migrations create, loaded into every PGlite the app or its tests open. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** `release` runs after the database has closed (it frees the data folder, see data-dir-lock.ts). */
export function pgliteHandle(client: PGlite, release?: () => Promise<void>): DbHandle {
  withNamedStatements(client);
  const db: Database = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    client,
    ping: () => (closed ? Promise.resolve(false) : withTimeout(db.execute(sql`select 1`))),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        await release?.();
      }
    },
  };
}

export function postgresHandle(pool: pg.Pool): DbHandle {
  const db: Database = drizzleNodePg({ client: pool, schema });
  let closed = false;
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return {
    db,
    kind: 'postgres',
    client: pool,
    ping: () => (closed ? Promise.resolve(false) : withTimeout(pool.query('select 1'))),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Opens PGlite stored in `<dataDir>/db`, creating the folders on first use, and holds the data
 * folder while it is open: a second process refuses at once with DataDirInUseError.
 */
export async function openPglite(dataDir: string): Promise<DbHandle> {
  const dir = join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const release = await holdDataDir(dataDir);
  try {
    return pgliteHandle(await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS }), release);
  } catch (error) {
    await release();
    throw error;
  }
}

/** DATABASE_URL set: a PostgreSQL pool; unset: embedded PGlite in DATA_DIR/db. */
export async function createDb(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DbHandle> {
  if (config.databaseUrl) {
    return postgresHandle(
      new pg.Pool({
        connectionString: config.databaseUrl,
        max: 10,
        // No JIT compilation: it pays off for analytical queries running for seconds, and this
        // API's reads are index ranges of milliseconds. A statement whose estimated cost crosses
        // jit_above_cost (a report's lateral ranges over generated months, estimated pessimistically)
        // otherwise spends most of a second compiling what runs in fifteen milliseconds.
        options: '-c jit=off',
      }),
    );
  }
  return openPglite(config.dataDir);
}
