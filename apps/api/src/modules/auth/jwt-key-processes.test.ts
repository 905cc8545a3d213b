import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createPostgresTestDatabase, testDbKind } from '../../../test/build-test-app';
import { signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { openPostgres } from '../../db/client';

// Two API processes on one PostgreSQL database, each with a DATA_DIR of its own and no JWT_SECRET,
// started together: they agree on the generated key, so either accepts the other's tokens.
describe.runIf(testDbKind() === 'postgres')('the generated JWT key across API processes', () => {
  let first: App;
  let second: App;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createPostgresTestDatabase({ migrated: true });
    drop = database.drop;
    const open = () => openPostgres(database.url, { max: 3 });
    // buildTestApp gives each app a DATA_DIR of its own; no JWT_SECRET is set.
    [first, second] = await Promise.all([buildTestApp({ db: open() }), buildTestApp({ db: open() })]);
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await drop();
  });

  it('runs without JWT_SECRET, on separate data folders', () => {
    expect(first.config.jwtSecret).toBeUndefined();
    expect(second.config.jwtSecret).toBeUndefined();
    expect(first.config.dataDir).not.toBe(second.config.dataDir);
  });

  it('accepts on each process a token the other issued', async () => {
    const me = (app: App, authorization: string) =>
      app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
    const fromFirst = await signIn(first);
    const fromSecond = await signIn(second);
    expect((await me(second, fromFirst.headers.authorization)).statusCode).toBe(200);
    expect((await me(first, fromSecond.headers.authorization)).statusCode).toBe(200);
  });
});
