import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import * as password from '../../lib/password';

// Pass-through spies: the real argon2id runs, the test only counts the calls.
vi.mock('../../lib/password', async (importOriginal) => {
  const real = await importOriginal<typeof password>();
  return { ...real, hashPassword: vi.fn(real.hashPassword), verifyPassword: vi.fn(real.verifyPassword) };
});

/**
 * An unknown email and a wrong password take the same time, because an unknown email is
 * verified against a dummy hash. That hash is made when the app starts, so not even the first
 * unknown email after a start pays for hashing it.
 */
describe('login timing', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await signIn(app, { email: 'conhecida@example.com' });
  });
  afterAll(() => app.close());

  const login = (email: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'errada123' } });

  it('verifies an unknown email against a hash made at start-up, as it verifies a wrong password', async () => {
    vi.mocked(password.hashPassword).mockClear();
    vi.mocked(password.verifyPassword).mockClear();

    const unknown = await login('ninguem@example.com');
    expect(unknown.statusCode).toBe(401);
    expect(password.verifyPassword).toHaveBeenCalledTimes(1);
    expect(password.hashPassword).not.toHaveBeenCalled();

    const wrong = await login('conhecida@example.com');
    expect(wrong.statusCode).toBe(401);
    expect(password.verifyPassword).toHaveBeenCalledTimes(2);
    expect(password.hashPassword).not.toHaveBeenCalled();
    expect(wrong.json()).toEqual(unknown.json());
  });
});
