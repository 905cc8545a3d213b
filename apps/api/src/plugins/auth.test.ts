import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { signIn } from '../../test/sign-in';
import type { App } from '../app';
import { sessions, users } from '../db/schema';
import { signAccessToken } from '../lib/tokens';
import { revokeSession } from '../modules/auth/sessions.service';

const SESSION_EXPIRED = {
  statusCode: 401,
  error: 'Unauthorized',
  code: 'session_expired',
  message: 'Sessão expirada. Faça login novamente.',
};

describe('auth plugin', () => {
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.register(
      async (api) => {
        api.get('/open', { config: { access: 'public' } }, async (request) => ({
          userId: request.user?.id ?? null,
        }));
        api.get('/signed-in', { config: { access: 'authenticated' } }, async (request) => ({
          userId: request.user?.id,
          roles: request.user?.roles,
          sessionId: request.sessionId,
        }));
        api.delete('/managers', { config: { access: 'record.delete' } }, async (_request, reply) =>
          reply.code(204).send(),
        );
      },
      { prefix: '/api/test' },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, authorization?: string) =>
    app.inject({ method: 'GET', url, headers: authorization === undefined ? {} : { authorization } });

  it('serves public routes to anyone, with the user when a valid token comes along', async () => {
    expect((await get('/api/test/open')).json()).toEqual({ userId: null });
    expect((await get('/api/test/open', 'Bearer nonsense')).json()).toEqual({ userId: null });
    const caller = await signIn(app);
    expect((await get('/api/test/open', caller.headers.authorization)).json()).toEqual({
      userId: caller.user.id,
    });
  });

  it('keeps the health check and the API docs public', async () => {
    expect((await get('/api/health')).statusCode).toBe(200);
    expect((await get('/api/docs/json')).statusCode).toBe(200);
  });

  it('gives a signed-in caller its user and session', async () => {
    const caller = await signIn(app, { roles: ['comercial', 'sales'] });
    const response = await get('/api/test/signed-in', caller.headers.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userId: caller.user.id,
      roles: ['comercial', 'sales'],
      sessionId: caller.sessionId,
    });
  });

  it('answers 401 for a missing, malformed or foreign token', async () => {
    const caller = await signIn(app);
    const foreignKey = new TextEncoder().encode('x'.repeat(40));
    const foreign = await signAccessToken(
      foreignKey,
      { userId: caller.user.id, sessionId: caller.sessionId },
      new Date(Date.now() + 60_000),
    );
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Basic dXNlcjpwYXNz',
      'Bearer not.a.jwt',
      `Bearer ${caller.token}x`,
      `Bearer ${foreign}`,
    ]) {
      const response = await get('/api/test/signed-in', authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toEqual(SESSION_EXPIRED);
    }
  });

  it('answers 401 once the session is revoked, expired, or the user deactivated', async () => {
    // Changed straight in the database, as another API process or an operator would: this process
    // hears of it through the funil_auth notification (on PostgreSQL a few milliseconds later).
    const statusOf = async (authorization: string) =>
      (await get('/api/test/signed-in', authorization)).statusCode;
    const soon = { timeout: 2_000, interval: 20 };

    const revoked = await signIn(app);
    expect(await statusOf(revoked.headers.authorization)).toBe(200);
    await revokeSession(app.db, revoked.sessionId);
    await expect.poll(() => statusOf(revoked.headers.authorization), soon).toBe(401);
    expect((await get('/api/test/signed-in', revoked.headers.authorization)).json()).toEqual(SESSION_EXPIRED);

    const expired = await signIn(app);
    expect(await statusOf(expired.headers.authorization)).toBe(200);
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired.sessionId));
    await expect.poll(() => statusOf(expired.headers.authorization), soon).toBe(401);

    const deactivated = await signIn(app);
    expect(await statusOf(deactivated.headers.authorization)).toBe(200);
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.user.id));
    await expect.poll(() => statusOf(deactivated.headers.authorization), soon).toBe(401);
  });

  it('answers 403 "Acesso negado" to a signed-in caller whose roles do not grant the permission', async () => {
    const plain = await signIn(app, { roles: ['user', 'comercial'] });
    const denied = await app.inject({ method: 'DELETE', url: '/api/test/managers', headers: plain.headers });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      code: 'access_denied',
      message: 'Acesso negado',
    });

    for (const roles of [['manager'], ['admin'], ['user', 'admin']] as const) {
      const allowed = await signIn(app, { roles: [...roles] });
      const response = await app.inject({
        method: 'DELETE',
        url: '/api/test/managers',
        headers: allowed.headers,
      });
      expect(response.statusCode, roles.join(',')).toBe(204);
    }
    const anonymous = await app.inject({ method: 'DELETE', url: '/api/test/managers' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses to start when an /api route declares no access policy', async () => {
    const broken = await buildTestApp();
    await expect(
      broken.register(async (api) => {
        api.get('/api/forgotten', async () => ({}));
      }),
    ).rejects.toThrow(/GET \/api\/forgotten must declare config\.access/);
    await broken.close().catch(() => undefined);
  });

  it('refuses to start when the access policy is not a known one', async () => {
    const broken = await buildTestApp();
    await expect(
      broken.register(async (api) => {
        // @ts-expect-error: not a permission
        api.get('/api/odd', { config: { access: 'root.everything' } }, async () => ({}));
      }),
    ).rejects.toThrow(/must declare config\.access/);
    await broken.close().catch(() => undefined);
  });
});
