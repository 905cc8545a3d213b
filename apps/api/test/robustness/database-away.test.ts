import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { openPostgres } from '../../src/db/client';
import { buildTestApp, createPostgresTestDatabase, testDbKind } from '../build-test-app';
import { createLeadReferences, leadBody, type LeadReferences } from '../lead-fixtures';
import { type SignedIn, signIn, TEST_PASSWORD } from '../sign-in';
import { TcpProxy } from '../tcp-proxy';

/** While the database is away, every request still answers within 5 s. */
const ANSWER_WITHIN_MS = 5_000;

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: unknown };

/**
 * The app on this project's engine with a way to take its database away: on PGlite the database is
 * closed under it; on PostgreSQL every connection goes through a TCP hop the test breaks (refused,
 * or stalled) and mends, as a restart or a network cut would.
 */
async function appWithDatabaseSwitch() {
  if (testDbKind() === 'pglite') {
    const app = await buildTestApp();
    return { app, takeAway: () => app.dbHandle.close(), proxy: null, cleanup: async () => {} };
  }
  const database = await createPostgresTestDatabase({ migrated: true });
  const target = new URL(database.url);
  const proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
  const app = await buildTestApp({ db: openPostgres(proxy.urlFor(database.url), { max: 5 }) });
  return {
    app,
    takeAway: () => proxy.refuse(),
    proxy,
    cleanup: async () => {
      await proxy.close();
      await database.drop();
    },
  };
}

describe('while the database is away', () => {
  let app: App;
  let takeAway: () => Promise<void>;
  let proxy: TcpProxy | null;
  let cleanup: () => Promise<void>;
  let seen: SignedIn;
  let unseen: SignedIn;
  let refs: LeadReferences;
  let leadId: string;

  beforeAll(async () => {
    ({ app, takeAway, proxy, cleanup } = await appWithDatabaseSwitch());
    seen = await signIn(app, { roles: ['admin'], email: 'seen@example.com' });
    unseen = await signIn(app, { roles: ['admin'] });
    refs = await createLeadReferences(app, seen.headers);
    const created = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: seen.headers,
      payload: leadBody(refs),
    });
    leadId = created.json<{ id: string }>().id;
    // This token has been checked once: a process may go on trusting it from its cache.
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: seen.headers })).statusCode).toBe(
      200,
    );
    await takeAway();
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  const timed = async (call: Call, headers: Record<string, string>) => {
    const started = performance.now();
    const response = await app.inject({ ...call, headers, payload: call.payload as object | undefined });
    return { response, ms: performance.now() - started };
  };

  const calls = (): Call[] => [
    { method: 'GET', url: '/api/leads' },
    { method: 'GET', url: `/api/leads/${leadId}` },
    { method: 'GET', url: '/api/brands' },
    { method: 'GET', url: '/api/tasks/counts' },
    { method: 'POST', url: '/api/leads', payload: leadBody(refs) },
    { method: 'PATCH', url: `/api/leads/${leadId}`, payload: { contract_status: 'morno' } },
    { method: 'POST', url: `/api/leads/${leadId}/notes`, payload: { body: 'Durante a queda' } },
    { method: 'DELETE', url: `/api/leads/${leadId}` },
    { method: 'GET', url: '/api/auth/setup' },
  ];

  it('answers 503 "Serviço indisponível" with Retry-After, never 401 or 500, with a token checked before or not', async () => {
    for (const caller of [unseen, seen]) {
      for (const call of calls()) {
        const { response, ms } = await timed(call, caller.headers);
        const what = `${call.method} ${call.url} (${caller === seen ? 'a token checked before' : 'a new token'})`;
        expect(response.statusCode, what).toBe(503);
        expect(response.json(), what).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          code: 'service_unavailable',
          message: 'Serviço indisponível',
        });
        expect(response.headers['retry-after'], what).toBe('5');
        expect(ms, what).toBeLessThan(ANSWER_WITHIN_MS);
      }
    }
  });

  it('says so in the caller’s language, for sign-in too', async () => {
    const answers = [
      ['en', 'Service unavailable'],
      ['es', 'Servicio no disponible'],
    ] as const;
    for (const [language, message] of answers) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'accept-language': language },
        payload: { email: 'seen@example.com', password: TEST_PASSWORD },
      });
      expect(response.statusCode, language).toBe(503);
      expect(response.json<{ message: string }>().message, language).toBe(message);
    }
  });

  it('answers a password-reset request 503 rather than failing: its rate limit lets it through uncounted', async () => {
    const { response, ms } = await timed(
      { method: 'POST', url: '/api/auth/reset-password', payload: { email: 'seen@example.com' } },
      {},
    );
    expect(response.statusCode).toBe(503);
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
  });

  it('answers the health check 503 with its own body, whether or not a token comes along', async () => {
    for (const headers of [{}, seen.headers, { authorization: 'Bearer not-a-token' }]) {
      const { response, ms } = await timed({ method: 'GET', url: '/api/health' }, headers);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'error', db: testDbKind() });
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
  });

  it('sends an answer that needed no database as it was, though remembering the caller’s language fails', async () => {
    // PGlite: the token checked before is still trusted (its notifications come in-process), so
    // /me answers from the cache and only remembering 'en' meets the closed database. PostgreSQL:
    // the listening connection is gone, so no token is trusted without its session row: 503.
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { ...seen.headers, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(testDbKind() === 'pglite' ? 200 : 503);
  });

  it.runIf(testDbKind() === 'postgres')(
    'answers normally again once the database is back, without a restart',
    { timeout: 20_000 },
    async () => {
      await proxy?.restore();
      const deadline = Date.now() + 10_000;
      let status = 0;
      while (Date.now() < deadline) {
        status = (await app.inject({ method: 'GET', url: '/api/leads', headers: unseen.headers })).statusCode;
        if (status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      // The session cache trusts tokens again once the listening connection is back.
      await expect
        .poll(
          async () =>
            (await app.inject({ method: 'GET', url: '/api/auth/me', headers: seen.headers })).statusCode,
          {
            timeout: 5_000,
          },
        )
        .toBe(200);
    },
  );

  it.runIf(testDbKind() === 'postgres')(
    'answers the health check 503 within 5 s when the database stalls (connections open, nothing answers)',
    { timeout: 20_000 },
    async () => {
      await proxy?.restore();
      await expect
        .poll(async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode, {
          timeout: 10_000,
        })
        .toBe(200);
      proxy?.stall();
      const { response, ms } = await timed({ method: 'GET', url: '/api/health' }, {});
      expect(response.statusCode).toBe(503);
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
      await proxy?.restore();
      await expect
        .poll(async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode, {
          timeout: 10_000,
        })
        .toBe(200);
    },
  );
});

describe.runIf(testDbKind() === 'postgres')('while the network to the database stalls', () => {
  // A short statement limit, so the client-side limit that follows it comes within the test's time.
  const STATEMENT_TIMEOUT_MS = 1_000;
  let app: App;
  let proxy: TcpProxy;
  let drop: () => Promise<void>;
  let admin: SignedIn;

  beforeAll(async () => {
    const database = await createPostgresTestDatabase({ migrated: true });
    drop = database.drop;
    const target = new URL(database.url);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    app = await buildTestApp({
      db: openPostgres(proxy.urlFor(database.url), {
        max: 3,
        requestLimits: { statementTimeoutMs: STATEMENT_TIMEOUT_MS },
      }),
    });
    admin = await signIn(app, { roles: ['admin'] });
  });
  afterAll(async () => {
    // Connections held by a stall are dropped when it ends: closing the app waits for none.
    await proxy.restore();
    await app.close();
    await proxy.close();
    await drop();
  });

  it('answers 503 within 5 s on connections that went silent, then discards them and answers normally', async () => {
    const list = () => app.inject({ method: 'GET', url: '/api/brands', headers: admin.headers });
    expect((await list()).statusCode).toBe(200);
    proxy.stall();
    const started = performance.now();
    const stalled = await list();
    const ms = performance.now() - started;
    expect(stalled.statusCode).toBe(503);
    expect(stalled.json<{ message: string }>().message).toBe('Serviço indisponível');
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    await proxy.restore();
    await expect.poll(async () => (await list()).statusCode, { timeout: 10_000 }).toBe(200);
  });
});
