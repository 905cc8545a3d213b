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
import { releaseClientsWhoseBeginFails } from './release-on-failed-begin';
import { withNamedStatements } from './pglite-named-statements';
import * as schema from './schema';
import { settlesWithin } from './settles-within';
import { endConnectionsThatGoSilent } from './silent-connection-watch';

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
} & (
  | { kind: 'pglite'; client: PGlite }
  | {
      kind: 'postgres';
      /** The requests' pool: short statements under a short statement timeout. */
      client: pg.Pool;
      /**
       * A small pool of its own for exports and imports (long reads, big writes, clients that
       * download slowly), with longer limits: however many of them run, they never take the
       * connections the other requests need.
       */
      bulkClient: pg.Pool;
    }
);

const PING_TIMEOUT_MS = 3000;

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
    ping: () => (closed ? Promise.resolve(false) : settlesWithin(db.execute(sql`select 1`), PING_TIMEOUT_MS)),
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

/**
 * A pool's connections must never take the process down: pg emits `error` on a client whose
 * server went away (a restart, a kill, a network cut), and an `error` event without a listener
 * throws. Idle clients are the pool's to watch (its `error` event); a client that is checked out
 * gets a listener of its own here. Either way the query in flight fails, is answered as 503 by the
 * error handler, and the broken client is discarded when it is released.
 */
function survivePoolErrors(pool: pg.Pool, onError: (error: Error) => void): void {
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
}

export function postgresHandle(
  pool: pg.Pool,
  bulkPool: pg.Pool,
  onError: (error: Error) => void = () => {},
): DbHandle {
  const db: Database = drizzleNodePg({ client: pool, schema });
  survivePoolErrors(pool, onError);
  survivePoolErrors(bulkPool, onError);
  releaseClientsWhoseBeginFails(pool);
  releaseClientsWhoseBeginFails(bulkPool);
  let closed = false;
  return {
    db,
    kind: 'postgres',
    client: pool,
    bulkClient: bulkPool,
    ping: () => (closed ? Promise.resolve(false) : settlesWithin(pool.query('select 1'), PING_TIMEOUT_MS)),
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), bulkPool.end()]);
    },
  };
}

/**
 * Every wait on PostgreSQL has a limit, so a database that is away or a statement that runs away
 * answers an error (503) instead of hanging a request:
 * - a connection is had within `connectionTimeoutMillis`, or the request fails at once;
 * - a statement runs at most `statementTimeoutMs`, and a transaction left idle (a bug, a process
 *   stuck between two statements) is ended by the server after `idleInTransactionMs`;
 * - a connection on which a statement's answer never comes (the network stalled) is given up
 *   2 s after `statementTimeoutMs` (silent-connection-watch.ts);
 * - TCP keepalive finds a server that vanished without closing its connections.
 */
export type PoolLimits = {
  max: number;
  connectionTimeoutMillis: number;
  statementTimeoutMs: number;
  idleInTransactionMs: number;
};

/** Ordinary requests: index reads and writes of milliseconds. */
export const REQUEST_POOL_LIMITS: PoolLimits = {
  max: 10,
  connectionTimeoutMillis: 3_000,
  statementTimeoutMs: 15_000,
  idleInTransactionMs: 15_000,
};

/**
 * Exports and imports: at most this many at once per process (the rest answer 429 before asking
 * for a connection); an import's commit may write for a minute or two, and an export's
 * transaction idles between two batches while its client reads (a client that stops reading is
 * cut well before this limit).
 */
export const BULK_POOL_LIMITS: PoolLimits = {
  max: 4,
  connectionTimeoutMillis: 3_000,
  statementTimeoutMs: 180_000,
  idleInTransactionMs: 120_000,
};

/** How much longer than the statement timeout a connection may stay silent before it is given up. */
const SILENCE_GRACE_MS = 2_000;

export function postgresPool(connectionString: string, limits: PoolLimits, applicationName: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: limits.max,
    connectionTimeoutMillis: limits.connectionTimeoutMillis,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: applicationName,
    // No JIT compilation: it pays off for analytical queries running for seconds, and this
    // API's reads are index ranges of milliseconds. A statement whose estimated cost crosses
    // jit_above_cost (a report's lateral ranges over generated months, estimated pessimistically)
    // otherwise spends most of a second compiling what runs in fifteen milliseconds.
    options: [
      '-c jit=off',
      `-c statement_timeout=${limits.statementTimeoutMs}`,
      `-c idle_in_transaction_session_timeout=${limits.idleInTransactionMs}`,
    ].join(' '),
  });
  // The server ends a statement at its statement_timeout; a network that stalls never answers at
  // all, so the connection is given up a little later from this side.
  endConnectionsThatGoSilent(pool, limits.statementTimeoutMs + SILENCE_GRACE_MS);
  return pool;
}

/** The requests' pool and the bulk pool of one database, with their limits. */
export function openPostgres(
  connectionString: string,
  options: { max?: number; onError?: (error: Error) => void; requestLimits?: Partial<PoolLimits> } = {},
): DbHandle {
  const requests = {
    ...REQUEST_POOL_LIMITS,
    ...options.requestLimits,
    max: options.max ?? REQUEST_POOL_LIMITS.max,
  };
  return postgresHandle(
    postgresPool(connectionString, requests, 'funil'),
    postgresPool(connectionString, BULK_POOL_LIMITS, 'funil-bulk'),
    options.onError,
  );
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

/** DATABASE_URL set: PostgreSQL pools; unset: embedded PGlite in DATA_DIR/db. */
export async function createDb(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  onPoolError?: (error: Error) => void;
}): Promise<DbHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { onError: config.onPoolError });
  return openPglite(config.dataDir);
}
