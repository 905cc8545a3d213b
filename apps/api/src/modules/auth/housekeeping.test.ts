import { LOGIN_LOCKOUT_MS } from '@funil/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { loginAttempts, passwordResets, sessions } from '../../db/schema';
import { buildTestApp } from '../../../test/build-test-app';
import { signIn } from '../../../test/sign-in';
import { purgeStaleAuthRecords } from './housekeeping.service';

describe('purging stale auth records', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('deletes expired and revoked sessions, spent or expired reset links and old failed sign-ins, and nothing else', async () => {
    const now = new Date();
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const open = await signIn(app);
    const expired = await signIn(app);
    const revoked = await signIn(app);
    await app.db.update(sessions).set({ expiresAt: hourAgo }).where(eq(sessions.id, expired.sessionId));
    await app.db.update(sessions).set({ revokedAt: hourAgo }).where(eq(sessions.id, revoked.sessionId));

    const inHalfAnHour = new Date(now.getTime() + 1_800_000);
    await app.db.insert(passwordResets).values([
      { tokenHash: 'pending', userId: open.user.id, expiresAt: inHalfAnHour },
      { tokenHash: 'expired', userId: open.user.id, expiresAt: hourAgo },
      { tokenHash: 'spent', userId: open.user.id, expiresAt: inHalfAnHour, usedAt: hourAgo },
    ]);
    await app.db.insert(loginAttempts).values([
      { email: 'recente@empresa.com.br', attemptedAt: new Date(now.getTime() - 60_000) },
      { email: 'antiga@empresa.com.br', attemptedAt: new Date(now.getTime() - LOGIN_LOCKOUT_MS - 60_000) },
    ]);

    expect(await purgeStaleAuthRecords(app.db, now)).toEqual({
      sessions: 2,
      passwordResets: 2,
      loginAttempts: 1,
    });

    const remainingSessions = await app.db.select({ id: sessions.id }).from(sessions);
    expect(remainingSessions.map((row) => row.id)).toEqual([open.sessionId]);
    const remainingResets = await app.db.select({ tokenHash: passwordResets.tokenHash }).from(passwordResets);
    expect(remainingResets.map((row) => row.tokenHash)).toEqual(['pending']);
    const remainingAttempts = await app.db.select({ email: loginAttempts.email }).from(loginAttempts);
    expect(remainingAttempts.map((row) => row.email)).toEqual(['recente@empresa.com.br']);

    // The open session still signs in.
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: open.headers });
    expect(me.statusCode).toBe(200);
  });
});
