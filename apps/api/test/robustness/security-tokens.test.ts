import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { buildTestApp } from '../build-test-app';
import { resetLinkOf } from '../mail';
import { signIn } from '../sign-in';

const SESSION_EXPIRED = { message: 'Sessão expirada. Faça login novamente.' };

describe('tokens that must be refused (401)', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const me = (authorization: string) =>
    app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });

  it('after logout', async () => {
    const user = await signIn(app);
    expect((await me(user.headers.authorization)).statusCode).toBe(200);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect(logout.statusCode).toBe(204);
    const after = await me(user.headers.authorization);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject(SESSION_EXPIRED);
  });

  it('after a password reset is confirmed (every session of the user)', async () => {
    const user = await signIn(app);
    const other = await app.issueAccessToken(user.user.id);
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: user.user.email },
    });
    await app.jobs.wake();
    const outbox = join(app.config.dataDir, 'outbox');
    const mail = readdirSync(outbox).map((file) => readFileSync(join(outbox, file), 'utf8'));
    const token = mail.map(resetLinkOf).find(Boolean)?.searchParams.get('token');
    expect(token).toBeTruthy();
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/confirm',
      payload: { token, password: 'outra-senha-1' },
    });
    expect(confirm.statusCode).toBe(204);
    expect((await me(user.headers.authorization)).statusCode).toBe(401);
    expect((await me(`Bearer ${other.token}`)).statusCode).toBe(401);
  });

  it('after the user is deactivated', async () => {
    const admin = await signIn(app, { roles: ['admin'] });
    const user = await signIn(app);
    const deactivate = await app.inject({
      method: 'PATCH',
      url: `/api/users/${user.user.id}`,
      headers: admin.headers,
      payload: { isActive: false },
    });
    expect(deactivate.statusCode).toBe(200);
    expect((await me(user.headers.authorization)).statusCode).toBe(401);
  });

  it('signed with another key, or with alg "none"', async () => {
    const user = await signIn(app);
    const claims = { sid: user.sessionId };
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-key-that-is-long-enough-to-sign-with'));
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const payload = { sub: user.user.id, sid: user.sessionId, exp: Math.floor(Date.now() / 1000) + 3600 };
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
    // The real token's header swapped for alg none, its signature kept or dropped.
    const [, body, signature] = user.token.split('.');
    const swapped = `${encode({ alg: 'none', typ: 'JWT' })}.${body}.${signature}`;
    for (const token of [foreign, unsigned, swapped, `${encode({ alg: 'none' })}.${body}.`]) {
      const answer = await me(`Bearer ${token}`);
      expect(answer.statusCode, token).toBe(401);
      expect(answer.json()).toMatchObject(SESSION_EXPIRED);
    }
    // The genuine token still works: the refusals above are about the tokens, not the session.
    expect((await me(user.headers.authorization)).statusCode).toBe(200);
  });
});
