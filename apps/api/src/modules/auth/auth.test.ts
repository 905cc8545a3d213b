import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from '../../../test/build-test-app';
import { resetLinkOf } from '../../../test/mail';
import { signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { loginAttempts, passwordResets, users } from '../../db/schema';

const post = (app: App, url: string, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

const account = (email: string, extra: object = {}) => ({
  full_name: 'Ana Souza',
  email,
  password: 'segredo123',
  ...extra,
});

describe('register', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ env: { REGISTRATION: 'closed' } });
  });
  afterAll(() => app.close());

  it('accepts the first account even when registration is closed, as admin; then refuses', async () => {
    const first = await post(app, '/api/auth/register', account('Primeira@Example.com'));
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body.user).toMatchObject({
      name: 'Ana Souza',
      full_name: 'Ana Souza',
      email: 'primeira@example.com',
      roles: ['admin'],
      isActive: true,
      avatar_url: null,
    });
    expect(body.user._id).toBe(body.user.id);
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.user).not.toHaveProperty('password_hash');
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.json()).toEqual(body.user);

    const second = await post(app, '/api/auth/register', account('segunda@example.com'));
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe('Cadastro desabilitado');
  });

  it('lets a signed-in admin register someone with roles, even when closed', async () => {
    const admin = await signIn(app, { roles: ['admin'] });
    const response = await post(
      app,
      '/api/auth/register',
      account('criado@example.com', { roles: ['comercial'] }),
      admin.headers,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().user.roles).toEqual(['comercial']);
  });

  it('refuses roles from anyone but a signed-in admin', async () => {
    const manager = await signIn(app, { roles: ['manager'] });
    for (const headers of [{}, manager.headers]) {
      const response = await post(
        app,
        '/api/auth/register',
        account('x@example.com', { roles: ['admin'] }),
        headers,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Acesso negado');
    }
  });

  it('validates with the messages docs/api.md quotes', async () => {
    const cases: [object, string][] = [
      [{ ...account('a@example.com'), full_name: 'A' }, 'Nome deve ter entre 2 e 100 caracteres'],
      [{ ...account('a@example.com'), full_name: 'Ana 123' }, 'Nome deve conter apenas letras e espaços'],
      [account('not-an-email'), 'Email inválido'],
      [{ ...account('a@example.com'), password: '123' }, 'Senha deve ter no mínimo 6 caracteres'],
      [{ ...account('a@example.com'), password: 'x'.repeat(101) }, 'Senha deve ter no máximo 100 caracteres'],
    ];
    for (const [payload, message] of cases) {
      const response = await post(app, '/api/auth/register', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const extra = await post(app, '/api/auth/register', account('a@example.com', { isActive: true }));
    expect(extra.statusCode).toBe(400);
  });
});

describe('register with open registration and allowed domains', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ env: { ALLOWED_EMAIL_DOMAINS: 'Empresa.com.br, outra.com' } });
    await signIn(app, { roles: ['admin'] }); // not the first account any more
  });
  afterAll(() => app.close());

  it('gives later accounts ["user"], refuses other domains and taken emails', async () => {
    const ok = await post(app, '/api/auth/register', {
      ...account('Bia@EMPRESA.com.br'),
      full_name: undefined,
      name: 'Beatriz Conceição',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().user).toMatchObject({ roles: ['user'], name: 'Beatriz Conceição' });

    const taken = await post(app, '/api/auth/register', account('bia@empresa.com.br'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      code: 'auth.email_taken',
      message: 'Email já cadastrado',
    });

    const foreign = await post(app, '/api/auth/register', account('ana@gmail.com'));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Cadastro desabilitado');
    const subdomain = await post(app, '/api/auth/register', account('ana@sub.empresa.com.br'));
    expect(subdomain.statusCode).toBe(403);
  });
});

describe('claiming a new installation', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({
      env: { REGISTRATION: 'closed', ALLOWED_EMAIL_DOMAINS: 'empresa.com.br' },
    });
  });
  afterAll(() => app.close());

  it('says whether an account exists, and lets the first one past every registration rule', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/auth/setup' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ has_users: false });

    // Closed, and from a domain outside ALLOWED_EMAIL_DOMAINS: the first account still claims it.
    const first = await post(app, '/api/auth/register', account('dona@outra.com'));
    expect(first.statusCode).toBe(201);
    expect(first.json().user.roles).toEqual(['admin']);
    expect((await app.inject({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({ has_users: true });

    for (const email of ['segunda@outra.com', 'terceira@empresa.com.br']) {
      const later = await post(app, '/api/auth/register', account(email));
      expect(later.statusCode, email).toBe(403);
      expect(later.json().message).toBe('Cadastro desabilitado');
    }
  });
});

describe('login, logout, me', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('signs in case-insensitively and logout revokes that token at once', async () => {
    const { user, password } = await signIn(app, { email: 'carla@example.com' });
    const response = await post(app, '/api/auth/login', { email: ' CARLA@Example.com ', password });
    expect(response.statusCode).toBe(200);
    const { access_token: token, user: answered } = response.json();
    expect(answered).toMatchObject({ id: user.id, _id: user.id, email: 'carla@example.com' });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers, payload: '' });
    expect(logout.statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Sessão expirada. Faça login novamente.');
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    await signIn(app, { email: 'dora@example.com' });
    const wrong = await post(app, '/api/auth/login', { email: 'dora@example.com', password: 'errada1' });
    const unknown = await post(app, '/api/auth/login', { email: 'ninguem@example.com', password: 'errada1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Credenciais inválidas');
  });

  it('answers 403 "Usuário inativo" only with the right password', async () => {
    const { password } = await signIn(app, { email: 'eva@example.com', isActive: false });
    expect((await post(app, '/api/auth/login', { email: 'eva@example.com', password })).json()).toMatchObject(
      {
        statusCode: 403,
        message: 'Usuário inativo',
      },
    );
    expect(
      (await post(app, '/api/auth/login', { email: 'eva@example.com', password: 'errada1' })).statusCode,
    ).toBe(401);
  });

  it('locks an email for 5 minutes after 5 failures, with Retry-After, shared through the database', async () => {
    const { password } = await signIn(app, { email: 'fabio@example.com' });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(
        (await post(app, '/api/auth/login', { email: 'fabio@example.com', password: 'errada1' })).statusCode,
      ).toBe(401);
    }
    const locked = await post(app, '/api/auth/login', { email: 'fabio@example.com', password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Muitas tentativas. Tente novamente mais tarde.');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(290);
    expect(retryAfter).toBeLessThanOrEqual(300);

    // A second app on the same database (another process) sees the same lockout.
    const { buildApp } = await import('../../app');
    const sibling = await buildApp(testConfig(), {
      logger: false,
      migrate: false,
      db: { ...app.dbHandle, close: async () => {} },
    });
    expect(
      (await post(sibling, '/api/auth/login', { email: 'fabio@example.com', password })).statusCode,
    ).toBe(429);
    await sibling.close();

    // Once the failures are older than the window, the right password works again.
    await app.db
      .update(loginAttempts)
      .set({ attemptedAt: new Date(Date.now() - 5 * 60_000 - 1000) })
      .where(eq(loginAttempts.email, 'fabio@example.com'));
    expect((await post(app, '/api/auth/login', { email: 'fabio@example.com', password })).statusCode).toBe(
      200,
    );
  });

  it('refuses logout and me without a token', async () => {
    expect((await post(app, '/api/auth/logout')).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });
});

describe('password reset without SMTP (outbox)', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ env: { APP_URL: 'https://funil.example.com' } });
  });
  afterAll(() => app.close());

  const outboxFiles = () => {
    try {
      return readdirSync(join(app.config.dataDir, 'outbox'));
    } catch {
      return [];
    }
  };

  it('answers 202 with one body; mails a link only to active users; the link works once', async () => {
    const active = await signIn(app, { email: 'gil@example.com', name: 'Gil Souza' });
    await signIn(app, { email: 'inativo@example.com', isActive: false });
    const answers = [];
    for (const email of ['gil@example.com', 'ninguem@example.com', 'inativo@example.com']) {
      const response = await post(app, '/api/auth/reset-password', { email });
      expect(response.statusCode).toBe(202);
      answers.push(response.json());
    }
    expect(answers).toEqual(
      Array(3).fill({ message: 'Se o email estiver cadastrado, enviaremos as instruções.' }),
    );
    // A look at the queue after the requests writes every email they owed: exactly one.
    await app.jobs.wake();
    const files = outboxFiles().sort();
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(app.config.dataDir, 'outbox', files[0] as string), 'utf8');
    expect(eml).toMatch(/^To: gil@example\.com$/m);
    const link = resetLinkOf(eml);
    expect(link?.origin).toBe('https://funil.example.com');
    expect(link?.pathname).toBe('/redefinir-senha');
    const token = link?.searchParams.get('token') as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Stored only as a hash.
    const stored = await app.db.select().from(passwordResets);
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);

    const confirm = await post(app, '/api/auth/reset-password/confirm', { token, password: 'novaSenha1' });
    expect(confirm.statusCode).toBe(204);
    // Every session of the user ended.
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: active.headers })).statusCode,
    ).toBe(401);
    expect(
      (await post(app, '/api/auth/login', { email: 'gil@example.com', password: 'novaSenha1' })).statusCode,
    ).toBe(200);
    expect(
      (await post(app, '/api/auth/login', { email: 'gil@example.com', password: active.password }))
        .statusCode,
    ).toBe(401);
    // Spent.
    const again = await post(app, '/api/auth/reset-password/confirm', { token, password: 'outraSenha1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Link inválido ou expirado');
  });

  it('refuses unknown and expired tokens', async () => {
    await signIn(app, { email: 'hugo@example.com' });
    expect(
      (
        await post(app, '/api/auth/reset-password/confirm', { token: 'x'.repeat(43), password: 'novaSenha1' })
      ).json().message,
    ).toBe('Link inválido ou expirado');
    const before = outboxFiles().length;
    await post(app, '/api/auth/reset-password', { email: 'hugo@example.com' });
    await app.jobs.wake();
    const files = outboxFiles().sort();
    expect(files).toHaveLength(before + 1);
    const eml = readFileSync(join(app.config.dataDir, 'outbox', files.at(-1) as string), 'utf8');
    const token = resetLinkOf(eml)?.searchParams.get('token') as string;
    const [user] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'hugo@example.com'));
    await app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user?.id as string));
    const expired = await post(app, '/api/auth/reset-password/confirm', { token, password: 'novaSenha1' });
    expect(expired.statusCode).toBe(400);
  });
});

describe('password reset requests are rate limited per client address', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const ask = (remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: 'ninguem@example.com' },
      remoteAddress,
    });

  it('answers the 11th request in 15 minutes 429 with Retry-After; another address is not affected', async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await ask('10.0.0.1')).statusCode, `attempt ${attempt}`).toBe(202);
    }
    const limited = await ask('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'too_many_requests',
      message: 'Muitas requisições. Tente novamente mais tarde.',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    expect((await ask('10.0.0.2')).statusCode).toBe(202);
  });
});
