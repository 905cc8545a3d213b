import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, testDbKind } from '../../test/build-test-app';
import { TcpProxy } from '../../test/tcp-proxy';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { endConnectionsThatGoSilent } from './silent-connection-watch';

/** The silence a connection is allowed; the statements that keep answering each take well under it. */
const LIMIT_MS = 1_000;

describe.runIf(testDbKind() === 'postgres')('a pool whose connections are watched for silence', () => {
  let proxy: TcpProxy;
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let pool: pg.Pool;

  beforeAll(async () => {
    const database = await createPostgresTestDatabase();
    drop = database.drop;
    const target = new URL(database.url);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    databaseUrl = proxy.urlFor(database.url);
  });
  afterEach(async () => {
    await proxy.restore();
    await pool.end();
  });
  afterAll(async () => {
    await proxy.close();
    await drop();
  });

  const watchedPool = (max = 2) => {
    pool = new pg.Pool({ connectionString: databaseUrl, max });
    // As the app's pools do: a broken connection is an error the statements on it report.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    endConnectionsThatGoSilent(pool, LIMIT_MS);
    return pool;
  };

  /** How the statement ended, and after how long. */
  const outcome = async (statement: Promise<unknown>) => {
    const started = performance.now();
    const error = await statement.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    return { error, ms: performance.now() - started };
  };

  it("fails a pool's statement whose answer never comes, after the limit, and the pool serves again", async () => {
    const watched = watchedPool();
    await watched.query('select 1');
    proxy.stall();
    const { error, ms } = await outcome(watched.query('select 1'));
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(LIMIT_MS);
    // Looked at every quarter of the limit: cut within 1.25 × the limit (and a margin for a busy machine).
    expect(ms).toBeLessThan(LIMIT_MS * 2.5);
    await proxy.restore();
    const { rows } = await watched.query<{ answer: number }>('select 41 + 1 as answer');
    expect(rows[0]?.answer).toBe(42);
  });

  it('fails the statements waiting on a checked-out connection that went silent; the pool discards it', async () => {
    const watched = watchedPool(1);
    const client = await watched.connect();
    await client.query('select 1');
    proxy.stall();
    const [first, second] = await Promise.all([
      outcome(client.query('select 1')),
      outcome(client.query('select 2')),
    ]);
    expect(isDatabaseUnavailable(first.error)).toBe(true);
    expect(isDatabaseUnavailable(second.error)).toBe(true);
    client.release(first.error as Error);
    await proxy.restore();
    // A one-connection pool: the silent connection is gone, a new one answers.
    const { rows } = await watched.query<{ answer: number }>('select 42 as answer');
    expect(rows[0]?.answer).toBe(42);
    expect(watched.totalCount).toBe(1);
  });

  it('leaves a connection alone while its statements keep answering, however long they take together', async () => {
    const watched = watchedPool(1);
    const client = await watched.connect();
    try {
      // One after another, then queued together on the connection: 1.2 s of statements each time,
      // each answered within 0.3 s.
      for (let statement = 0; statement < 4; statement += 1) await client.query('select pg_sleep(0.3)');
      const queued = await Promise.all(
        [1, 2, 3, 4].map((n) => client.query<{ n: number }>('select pg_sleep(0.3), $1::int as n', [n])),
      );
      expect(queued.map((answer) => answer.rows[0]?.n)).toEqual([1, 2, 3, 4]);
    } finally {
      client.release();
    }
    // The pool's own statements (run with a callback inside the pool) too.
    const { rows } = await watched.query<{ answer: number }>('select pg_sleep(0.3), 42 as answer');
    expect(rows[0]?.answer).toBe(42);
    expect(watched.totalCount).toBe(1);
  });
});
