import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, testDbKind } from '../../test/build-test-app';
import { pino } from 'pino';
import { TcpProxy } from '../../test/tcp-proxy';
import { type DbHandle, openPostgres } from './client';
import { type DatabaseListener, listenToDatabase } from './database-listener';

describe.runIf(testDbKind() === 'postgres')('the listening connection', () => {
  let proxy: TcpProxy;
  let handle: DbHandle;
  let listener: DatabaseListener;
  let drop: () => Promise<void>;
  const states: boolean[] = [];

  beforeAll(async () => {
    const database = await createPostgresTestDatabase({ migrated: true });
    drop = database.drop;
    const target = new URL(database.url);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    handle = openPostgres(proxy.urlFor(database.url), { max: 2 });
    listener = await listenToDatabase(handle, pino({ level: 'silent' }), { everyMs: 100, timeoutMs: 300 });
    listener.onConnection((isListening) => states.push(isListening));
  });
  afterAll(async () => {
    await proxy.restore();
    await listener.close();
    await handle.close();
    await proxy.close();
    await drop();
  });

  it('notices a connection that went silent, says it is not listening, and listens again once the network is back', async () => {
    expect(states).toEqual([true]);
    proxy.stall();
    await expect.poll(() => states.at(-1), { timeout: 5_000 }).toBe(false);
    await proxy.restore();
    await expect.poll(() => states.at(-1), { timeout: 10_000 }).toBe(true);

    const heard: string[] = [];
    listener.on('funil_jobs', (payload) => heard.push(payload));
    await handle.db.execute(sql`select pg_notify('funil_jobs', 'after the stall')`);
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['after the stall']);
  });
});
