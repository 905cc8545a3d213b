import {
  authResponseSchema,
  forgotPasswordSchema,
  googleConfigResponseSchema,
  googleSignInSchema,
  loginSchema,
  messageResponseSchema,
  registerSchema,
  resetPasswordConfirmSchema,
  userResponseSchema,
} from '@funil/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { buildAuthorizeUrl, discoverProvider, exchangeCode, OidcError } from '../../lib/google-oidc';
import { createMailer } from '../../lib/mailer';
import { sessionMetaOf } from '../../plugins/auth';
import { findUserByEmail, toUserResponse } from '../users/users.service';
import {
  confirmPasswordReset,
  createPasswordReset,
  login,
  nameFromIdentity,
  prepareLogin,
  RESET_TTL_MS,
  register,
  registerUser,
} from './auth.service';
import { revokeSession, type AuthUser } from './sessions.service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  await prepareLogin();
  const mailer = createMailer(config, app.log);
  const callbackUrl = `${config.appUrl}/auth/callback`;
  const googleClient =
    config.google.clientId && config.google.clientSecret
      ? { clientId: config.google.clientId, clientSecret: config.google.clientSecret }
      : null;

  // Reset mails go out after the answer (so its timing says nothing about the email); the app
  // waits for them when it closes.
  const pendingMail = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pendingMail]);
  });

  const signedIn = async (request: FastifyRequest, user: AuthUser) => {
    const { token } = await app.issueAccessToken(user.id, sessionMetaOf(request));
    return { access_token: token, user: toUserResponse(user) };
  };

  app.post(
    '/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Create an account (the first one becomes admin)',
        body: registerSchema,
        response: { 201: authResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await register(app.db, config, request.body, request.user);
      return reply.code(201).send(await signedIn(request, user));
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) => {
      const user = await login(app.db, request.body.email, request.body.password);
      return signedIn(request, user);
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['auth'], summary: 'Revoke the current token' },
    },
    async (request, reply) => {
      if (request.sessionId) await revokeSession(app.db, request.sessionId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userResponseSchema } },
    },
    async (request) => toUserResponse(request.user as AuthUser),
  );

  app.post(
    '/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Email a one-time password reset link (same answer whether or not the email exists)',
        body: forgotPasswordSchema,
        response: { 202: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const reset = await createPasswordReset(app.db, request.body.email);
      if (reset) {
        const { t } = request;
        const link = `${config.appUrl}/redefinir-senha?token=${encodeURIComponent(reset.token)}`;
        const minutes = RESET_TTL_MS / 60_000;
        const greeting = t('errors:mail.reset_greeting', { name: reset.user.name });
        const body = t('errors:mail.reset_body', { minutes });
        const ignore = t('errors:mail.reset_ignore');
        const sending = mailer
          .send({
            to: reset.user.email,
            subject: t('errors:mail.reset_subject'),
            text: `${greeting}\n\n${body}\n\n${link}\n\n${ignore}\n`,
            html:
              `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
              `<p><a href="${escapeHtml(link)}">${escapeHtml(t('errors:mail.reset_button'))}</a></p>` +
              `<p>${escapeHtml(link)}</p><p>${escapeHtml(ignore)}</p>`,
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'))
          .finally(() => pendingMail.delete(sending));
        pendingMail.add(sending);
      }
      return reply.code(202).send({ message: request.t('errors:auth.reset_requested') });
    },
  );

  app.post(
    '/reset-password/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with an emailed token; revokes every session of the user',
        body: resetPasswordConfirmSchema,
      },
    },
    async (request, reply) => {
      await confirmPasswordReset(app.db, request.body.token, request.body.password);
      return reply.code(204).send();
    },
  );

  app.get(
    '/google/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether Google sign-in is offered',
        response: { 200: googleConfigResponseSchema },
      },
    },
    async (request) => {
      if (!googleClient) return { enabled: false, client_id: null, authorize_url: null };
      try {
        const provider = await discoverProvider(config.google.issuer);
        return {
          enabled: true,
          client_id: googleClient.clientId,
          authorize_url: buildAuthorizeUrl(provider, googleClient.clientId, callbackUrl),
        };
      } catch (error) {
        // The provider is unreachable: offering a button that cannot work helps nobody.
        request.log.warn({ err: error }, 'OpenID discovery failed');
        return { enabled: false, client_id: googleClient.clientId, authorize_url: null };
      }
    },
  );

  app.post(
    '/google',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an OpenID Connect authorization code',
        body: googleSignInSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) => {
      if (!googleClient) throw new AppError(503, 'errors:auth.google_not_configured');
      let identity;
      try {
        const provider = await discoverProvider(config.google.issuer);
        identity = await exchangeCode(provider, googleClient, request.body.code, request.body.redirect_uri);
      } catch (error) {
        if (!(error instanceof OidcError)) throw error;
        request.log.warn({ err: error }, 'Google sign-in failed');
        throw new AppError(401, 'errors:auth.google_failed', { cause: error });
      }
      const existing = await findUserByEmail(app.db, identity.email);
      let user: AuthUser;
      if (existing) {
        if (!existing.isActive) throw new AppError(403, 'errors:auth.user_inactive');
        const { passwordHash: _hash, ...publicUser } = existing;
        user = publicUser;
      } else {
        user = await registerUser(app.db, config, {
          name: nameFromIdentity(identity),
          email: identity.email,
          passwordHash: null,
          avatarUrl: identity.picture,
        });
      }
      return signedIn(request, user);
    },
  );
};
