import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createPostgresTestDatabase, testDbKind } from '../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { openPostgres } from '../../db/client';

// Two API processes on one PostgreSQL database (two apps, two pools, two listening connections):
// a logout or a deactivation through one is refused by the other, which had the token cached.
describe.runIf(testDbKind() === 'postgres')('session cache across API processes', () => {
  let first: App;
  let second: App;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createPostgresTestDatabase({ migrated: true });
    drop = database.drop;
    const open = () => openPostgres(database.url, { max: 3 });
    // Processes of one installation share the signing key.
    const env = { JWT_SECRET: 'one-installation-shares-this-secret-0123456789' };
    first = await buildTestApp({ db: open(), env });
    second = await buildTestApp({ db: open(), env });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await drop();
  });

  const me = async (app: App, caller: SignedIn) =>
    (await app.inject({ method: 'GET', url: '/api/auth/me', headers: caller.headers })).statusCode;
  const soon = { timeout: 2_000, interval: 10 };

  it('forgets a token logged out through the other process', async () => {
    const caller = await signIn(first);
    expect(await me(second, caller)).toBe(200);
    expect(await me(second, caller)).toBe(200); // now from the second process's cache
    const logout = await first.inject({ method: 'POST', url: '/api/auth/logout', headers: caller.headers });
    expect(logout.statusCode).toBe(204);
    expect(await me(first, caller)).toBe(401); // the process that logged out: at once
    await expect.poll(() => me(second, caller), soon).toBe(401);
  });

  it('forgets a user deactivated through the other process', async () => {
    const admin = await signIn(first, { roles: ['admin'] });
    const seller = await signIn(first);
    expect(await me(second, seller)).toBe(200);
    const patch = await first.inject({
      method: 'PATCH',
      url: `/api/users/${seller.user.id}`,
      headers: admin.headers,
      payload: { isActive: false },
    });
    expect(patch.statusCode).toBe(200);
    expect(await me(first, seller)).toBe(401);
    await expect.poll(() => me(second, seller), soon).toBe(401);
  });
});
