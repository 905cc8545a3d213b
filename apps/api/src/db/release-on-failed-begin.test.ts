import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, testDbKind } from '../../test/build-test-app';
import { TcpProxy } from '../../test/tcp-proxy';
import { type DbHandle, openPostgres } from './client';

/** Polls `condition` every few milliseconds until it holds; fails after `timeoutMs`. */
async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.runIf(testDbKind() === 'postgres')(
  'a transaction whose BEGIN fails (the connection died while idle)',
  () => {
    let handle: DbHandle & { kind: 'postgres' };
    let proxy: TcpProxy;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const database = await createPostgresTestDatabase();
      drop = database.drop;
      const target = new URL(database.url);
      proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
      // One connection: a client lost to the failure would leave none for anything else.
      handle = openPostgres(proxy.urlFor(database.url), { max: 1 }) as DbHandle & { kind: 'postgres' };
    });
    afterAll(async () => {
      await handle.close();
      await proxy.close();
      await drop();
    });

    it('gives its client back to the pool, so the pool serves again once the database answers', async () => {
      await handle.db.execute(sql`select 1`);
      expect(handle.client.idleCount).toBe(1);

      // The idle connection stops carrying bytes; a transaction takes it and sends BEGIN into the void.
      proxy.stall();
      const transaction = handle.db.transaction(async (tx) => tx.execute(sql`select 1`));
      const outcome = transaction.then(
        () => 'committed',
        () => 'failed',
      );
      await until(() => handle.client.idleCount === 0, 'the transaction took the idle client');
      // The connection breaks under it: BEGIN fails.
      await proxy.restore();
      expect(await outcome).toBe('failed');

      // With the client back (and discarded), the one-connection pool opens a fresh one.
      const answer = await handle.client.query<{ answer: number }>('select 41 + 1 as answer');
      const [row] = answer.rows;
      expect(row?.answer).toBe(42);
      expect(handle.client.totalCount).toBe(1);
    });
  },
);
