import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { buildTestApp } from '../build-test-app';
import { signIn } from '../sign-in';

/** The answer's status and the shape of its body (keys, recursively), not its values. */
const shapeOf = (value: unknown): unknown =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]))
    : typeof value;

describe('known and unknown emails get the same answer', () => {
  let app: App;
  const known = 'conhecida@example.com';
  beforeAll(async () => {
    // Open registration, so register answers on its merits (docs/api.md: 409 for a taken email).
    app = await buildTestApp({ env: { REGISTRATION: 'open' } });
    await signIn(app, { email: 'primeiro@example.com', roles: ['admin'] });
    await signIn(app, { email: known });
  });
  afterAll(() => app.close());

  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });

  it('login with a wrong password: 401 "Credenciais inválidas" for both', async () => {
    const answers = await Promise.all(
      [known, 'desconhecida@example.com'].map((email) =>
        post('/api/auth/login', { email, password: 'errada-123' }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ message: 'Credenciais inválidas' });
    }
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
  });

  it('password reset request: the same 202 and body for both', async () => {
    const answers = await Promise.all(
      [known, 'ninguem@example.com'].map((email) => post('/api/auth/reset-password', { email })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
  });

  it('register: a taken email is named (409), with the error body shape of any refusal', async () => {
    // docs/api.md: register answers 409 "Email já cadastrado" — registration reveals whether an
    // address has an account by design (as every sign-up form does); what must hold is that the
    // refusal is the standard error body, nothing more (no user, no token, no hint of the account).
    const taken = await post('/api/auth/register', {
      name: 'Outra Pessoa',
      email: known,
      password: 'senha-123',
    });
    const fresh = await post('/api/auth/register', {
      name: 'Nova Pessoa',
      email: 'nova@example.com',
      password: 'senha-123',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      code: 'auth.email_taken',
      message: 'Email já cadastrado',
    });
    expect(fresh.statusCode).toBe(201);
    expect(shapeOf(fresh.json())).toMatchObject({ access_token: 'string', user: { email: 'string' } });
  });
});
