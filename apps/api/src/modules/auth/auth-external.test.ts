import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { resetLinkOf, startSmtpServer } from '../../../test/mail';
import { signIn } from '../../../test/sign-in';
import type { App } from '../../app';

describe('password reset over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: App;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp({
      env: { SMTP_URL: smtp.url, APP_URL: 'http://crm.local:8080', MAIL_FROM: 'Funil <funil@crm.local>' },
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('delivers the link (in the reader language) and the link resets the password', async () => {
    const user = await signIn(app, { email: 'iris@example.com', name: 'Iris Lima' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { email: 'IRIS@example.com' },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      message: 'If the email is registered, we will send the instructions.',
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(['iris@example.com']);
    expect(mail?.from).toBe('funil@crm.local');
    expect(mail?.raw).toMatch(/^Subject: Funil password reset$/m);
    const link = resetLinkOf(mail?.raw ?? '');
    expect(link?.origin).toBe('http://crm.local:8080');

    const confirm = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/confirm',
      payload: { token: link?.searchParams.get('token'), password: 'trocada123' },
    });
    expect(confirm.statusCode).toBe(204);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'iris@example.com', password: 'trocada123' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(user.user.id);
  });
});

describe('Google sign-in (OpenID Connect)', () => {
  const oidc = new OAuth2Server();
  let app: App;
  let claims: Record<string, unknown> = {};
  const CLIENT = 'funil-client';

  beforeAll(async () => {
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    // Every ID token this provider issues carries the claims the current test sets.
    oidc.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, claims);
    });
    app = await buildTestApp({
      env: {
        GOOGLE_CLIENT_ID: CLIENT,
        GOOGLE_CLIENT_SECRET: 'segredo-do-cliente',
        GOOGLE_ISSUER: oidc.issuer.url as string,
        APP_URL: 'http://crm.local:8080',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await oidc.stop();
  });

  const signInWithCode = () =>
    app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { code: 'any-code', redirect_uri: 'http://crm.local:8080/auth/callback' },
    });

  it('publishes the discovered authorize URL', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/google/config' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ enabled: true, client_id: CLIENT });
    const url = new URL(body.authorize_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${oidc.issuer.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: 'http://crm.local:8080/auth/callback',
    });
  });

  it('creates the first account as admin from a verified email, then signs the same user in', async () => {
    claims = {
      email: 'Joana@Example.com',
      email_verified: true,
      name: 'Joana Prado',
      picture: 'https://x/p.png',
    };
    const first = await signInWithCode();
    expect(first.statusCode).toBe(200);
    const { access_token: token, user } = first.json();
    expect(user).toMatchObject({
      email: 'joana@example.com',
      name: 'Joana Prado',
      roles: ['admin'],
      avatar_url: 'https://x/p.png',
    });
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().id).toBe(user.id);

    const again = await signInWithCode();
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(user.id);

    claims = { email: 'novo@example.com', email_verified: 'true', given_name: 'Nuno', family_name: 'Reis' };
    const second = await signInWithCode();
    expect(second.json().user).toMatchObject({ name: 'Nuno Reis', roles: ['user'] });
  });

  it('refuses unverified emails, other audiences, and provider errors with 401', async () => {
    claims = { email: 'mal@example.com', email_verified: false };
    const unverified = await signInWithCode();
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json().message).toBe('Falha na autenticação com Google');

    claims = { email: 'mal@example.com', email_verified: true, aud: 'someone-else' };
    expect((await signInWithCode()).statusCode).toBe(401);

    claims = { email: 'mal@example.com', email_verified: true, exp: Math.floor(Date.now() / 1000) - 600 };
    expect((await signInWithCode()).statusCode).toBe(401);

    claims = { email: 'mal@example.com', email_verified: true };
    oidc.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    expect((await signInWithCode()).statusCode).toBe(401);
  });

  it('creates accounts under the registration rules (closed, allowed domains); known users still sign in', async () => {
    const env = {
      GOOGLE_CLIENT_ID: CLIENT,
      GOOGLE_CLIENT_SECRET: 'segredo-do-cliente',
      GOOGLE_ISSUER: oidc.issuer.url as string,
      APP_URL: 'http://crm.local:8080',
    };
    const signInAt = (target: App) =>
      target.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { code: 'any-code', redirect_uri: 'http://crm.local:8080/auth/callback' },
      });
    const closed = await buildTestApp({ env: { ...env, REGISTRATION: 'closed' } });
    const domains = await buildTestApp({ env: { ...env, ALLOWED_EMAIL_DOMAINS: 'Empresa.com.br' } });
    try {
      for (const target of [closed, domains]) await signIn(target, { email: 'dona@empresa.com.br' });

      claims = { email: 'estranho@outra.com', email_verified: true, name: 'Estranho' };
      for (const target of [closed, domains]) {
        const refused = await signInAt(target);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe('Cadastro desabilitado');
      }

      claims = { email: 'nova@EMPRESA.com.br', email_verified: true, name: 'Nova Pessoa' };
      expect((await signInAt(closed)).statusCode).toBe(403);
      const allowed = await signInAt(domains);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().user).toMatchObject({ email: 'nova@empresa.com.br', roles: ['user'] });

      claims = { email: 'dona@empresa.com.br', email_verified: true };
      expect((await signInAt(closed)).statusCode).toBe(200);
    } finally {
      await closed.close();
      await domains.close();
    }
  });

  it('refuses an inactive account', async () => {
    await signIn(app, { email: 'parado@example.com', isActive: false });
    claims = { email: 'parado@example.com', email_verified: true };
    const response = await signInWithCode();
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Usuário inativo');
  });
});

describe('Google sign-in not configured', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('says disabled and answers 503', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/google/config' })).json()).toEqual({
      enabled: false,
      client_id: null,
      authorize_url: null,
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { code: 'c', redirect_uri: 'http://localhost/auth/callback' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('Login com Google não configurado');
  });
});

describe('Google sign-in configured but its provider unreachable', () => {
  let app: App;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing answers, discovery fails at once.
    app = await buildTestApp({
      env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: 'http://127.0.0.1:9' },
    });
  });
  afterAll(() => app.close());

  it('answers the same disabled configuration, so no button that cannot work is offered', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/google/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: false, client_id: null, authorize_url: null });
  });
});
