import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createPostgresTestDatabase,
  createTestDb,
  testDbKind,
} from '../../test/build-test-app';
import { memoryLog } from '../../test/memory-log';
import type { App } from '../app';
import { type DbHandle, openPostgres } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { purgeExpiredRateLimitCounters } from './rate-limit-counters';
import { routeRateLimit } from './rate-limit';
import { DatabaseRateLimitStore } from './rate-limit-store';

type Hit = { current: number; ttl: number };

/** Two handles on one database: two pools on PostgreSQL (as two processes have), PGlite's one twice. */
async function openTwoHandles(): Promise<{ handles: [DbHandle, DbHandle]; close: () => Promise<void> }> {
  if (testDbKind() === 'postgres') {
    const database = await createPostgresTestDatabase({ migrated: true });
    const open = () => openPostgres(database.url, { max: 10 });
    const handles: [DbHandle, DbHandle] = [open(), open()];
    return {
      handles,
      close: async () => {
        for (const handle of handles) await handle.close();
        await database.drop();
      },
    };
  }
  const handle = await createTestDb();
  return { handles: [handle, handle], close: () => handle.close() };
}

describe('the rate-limit store over rate_limit_counters', () => {
  let handles: [DbHandle, DbHandle];
  let close: () => Promise<void>;
  let clock = 1_000_000;
  const silent = pino({ level: 'silent' });
  const storeOn = (handle: DbHandle) =>
    new DatabaseRateLimitStore({ db: handle.db, log: silent, now: () => clock });
  const hit = (store: DatabaseRateLimitStore, key: string, windowMs = 60_000) =>
    new Promise<Hit>((resolve, reject) =>
      store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs),
    );
  const routeStore = (store: DatabaseRateLimitStore, url: string) =>
    store.child({ routeInfo: { method: 'GET', url } } as never) as DatabaseRateLimitStore;

  beforeAll(async () => {
    ({ handles, close } = await openTwoHandles());
  });
  afterAll(() => close());

  it('counts hits in a window, says when it ends, and starts again after it', async () => {
    clock = 1_000_000;
    const store = storeOn(handles[0]);
    expect(await hit(store, 'window')).toEqual({ current: 1, ttl: 60_000 });
    clock += 20_000;
    expect(await hit(store, 'window')).toEqual({ current: 2, ttl: 40_000 });
    clock += 39_999;
    expect(await hit(store, 'window')).toEqual({ current: 3, ttl: 1 });
    clock += 1;
    expect(await hit(store, 'window')).toEqual({ current: 1, ttl: 60_000 });
  });

  it("uses each route's own window and counts each route apart", async () => {
    clock = 2_000_000;
    const store = storeOn(handles[0]);
    const companies = routeStore(store, '/api/companies/:cnpj');
    const reset = routeStore(store, '/api/auth/reset-password');
    expect(await hit(companies, 'user:1', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(await hit(reset, 'user:1', 900_000)).toEqual({ current: 1, ttl: 900_000 });
    expect(await hit(companies, 'user:1', 60_000)).toEqual({ current: 2, ttl: 60_000 });
    // The same route seen by another process's store shares its count.
    expect(await hit(routeStore(storeOn(handles[1]), '/api/companies/:cnpj'), 'user:1')).toEqual({
      current: 3,
      ttl: 60_000,
    });
  });

  it('counts 50 hits sent at once from two processes exactly', async () => {
    clock = 3_000_000;
    const stores = handles.map(storeOn);
    const hits = await Promise.all(
      Array.from({ length: 50 }, (_, index) => hit(stores[index % 2]!, 'concurrent')),
    );
    expect(hits.map((result) => result.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
    const [row] = await handles[0].db
      .select({ hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = 'concurrent'`);
    expect(row?.hits).toBe(50);
  });

  it('lets housekeeping delete the counters whose window has ended, and only those', async () => {
    const { db } = handles[0];
    await db.delete(rateLimitCounters);
    await db.insert(rateLimitCounters).values([
      { key: 'ended', hits: 3, resetsAt: 4_000_000 },
      { key: 'live', hits: 3, resetsAt: 4_000_001 },
    ]);
    expect(await purgeExpiredRateLimitCounters(db, 4_000_000)).toBe(1);
    expect(await db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).toEqual([
      { key: 'live' },
    ]);
  });
});

describe('a rate limit while the database cannot count', () => {
  let app: App;
  const log = memoryLog();

  beforeAll(async () => {
    app = await buildTestApp({ logger: { level: 'warn', stream: log.stream } });
    app.get(
      '/api/test/limited',
      { config: { access: 'public', rateLimit: routeRateLimit({ max: 1, windowMs: 60_000, per: 'ip' }) } },
      async () => ({ ok: true }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('lets requests through uncounted (fails open) and logs a warning, and counts again after', async () => {
    const call = async () => (await app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode;
    expect(await call()).toBe(200);
    expect(await call()).toBe(429);
    // The table out of reach stands for a database that cannot answer.
    await app.db.execute(sql`alter table rate_limit_counters rename to rate_limit_counters_away`);
    try {
      expect([await call(), await call()]).toEqual([200, 200]);
    } finally {
      await app.db.execute(sql`alter table rate_limit_counters_away rename to rate_limit_counters`);
    }
    expect(log.lines.filter((line) => line.msg.startsWith('rate limit not counted'))).toHaveLength(2);
    expect(await call()).toBe(429);
  });
});
