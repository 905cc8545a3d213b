import {
  authResponseSchema,
  forgotPasswordSchema,
  googleConfigResponseSchema,
  googleSignInSchema,
  loginSchema,
  messageResponseSchema,
  registerSchema,
  resetPasswordConfirmSchema,
  setupStatusResponseSchema,
  userResponseSchema,
} from '@funil/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { errorAnswers } from '../../lib/route-errors';
import { buildAuthorizeUrl, discoverProvider, exchangeCode, OidcError } from '../../lib/google-oidc';
import { sessionMetaOf } from '../../plugins/auth';
import { routeRateLimit } from '../../plugins/rate-limit';
import { toUser, type UserRecord } from '../users/user-record';
import { findUserByEmail, hasUsers } from '../users/users.service';
import {
  confirmPasswordReset,
  createPasswordReset,
  login,
  nameFromIdentity,
  prepareLogin,
  register,
  registerUser,
} from './auth.service';
import { enqueuePasswordResetMail } from './password-reset-jobs';
import { revokeSession } from './sessions.service';

// Reset requests send mail: 10 per 15 minutes from one address is plenty for a person and stops a
// script from flooding someone's inbox.
const RESET_REQUEST_LIMIT = routeRateLimit({ max: 10, windowMs: 15 * 60_000, per: 'ip' });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  await prepareLogin();
  const callbackUrl = `${config.appUrl}/auth/callback`;
  const googleClient =
    config.google.clientId && config.google.clientSecret
      ? { clientId: config.google.clientId, clientSecret: config.google.clientSecret }
      : null;

  const signedIn = async (request: FastifyRequest, user: UserRecord) => {
    const { token } = await app.issueAccessToken(user.id, sessionMetaOf(request));
    return { access_token: token, user: toUser(user) };
  };

  app.post(
    '/register',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'register',
        tags: ['auth'],
        summary: 'Create an account (the first one becomes admin)',
        body: registerSchema,
        // 403: registration is closed to the caller; 409: the email is taken.
        response: { 201: authResponseSchema, ...errorAnswers(400, 403, 409) },
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
        operationId: 'login',
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginSchema,
        // 401: wrong email or password; 403: a deactivated user; 429: too many failed attempts.
        response: { 200: authResponseSchema, ...errorAnswers(400, 401, 403, 429) },
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
      schema: {
        operationId: 'logout',
        tags: ['auth'],
        summary: 'Revoke the current token',
        response: { 204: z.null().describe('Signed out'), ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      if (request.sessionId) {
        await revokeSession(app.db, request.sessionId);
        app.sessionCache.forgetSession(request.sessionId);
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/setup',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getSetupStatus',
        tags: ['auth'],
        summary: 'Whether any account exists (the first one registered becomes the administrator)',
        response: { 200: setupStatusResponseSchema, ...errorAnswers(400) },
      },
    },
    async () => ({ has_users: await hasUsers(app.db) }),
  );

  app.get(
    '/me',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'getCurrentUser',
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: userResponseSchema, ...errorAnswers(401) },
      },
    },
    async (request) => toUser(request.user as UserRecord),
  );

  app.post(
    '/reset-password',
    {
      config: { access: 'public', rateLimit: RESET_REQUEST_LIMIT },
      schema: {
        operationId: 'requestPasswordReset',
        tags: ['auth'],
        summary: 'Email a one-time password reset link (same answer whether or not the email exists)',
        body: forgotPasswordSchema,
        response: { 202: messageResponseSchema, ...errorAnswers(400, 429) },
      },
    },
    async (request, reply) => {
      // The email is a job queued with the request: the answer waits for no mail server, and the
      // email leaves once one takes it.
      await app.db.transaction(async (tx) => {
        const reset = await createPasswordReset(tx, request.body.email);
        if (reset) await enqueuePasswordResetMail(tx, reset.id, request.language);
      });
      return reply.code(202).send({ message: request.t('errors:auth.reset_requested') });
    },
  );

  app.post(
    '/reset-password/confirm',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'confirmPasswordReset',
        tags: ['auth'],
        summary: 'Set a new password with an emailed token; revokes every session of the user',
        body: resetPasswordConfirmSchema,
        // 400 also for a token that is unknown, used or expired.
        response: { 204: z.null().describe('Password changed'), ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const userId = await confirmPasswordReset(app.db, request.body.token, request.body.password);
      app.sessionCache.forgetUser(userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/google/config',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getGoogleSignInConfig',
        tags: ['auth'],
        summary: 'Whether Google sign-in is offered',
        response: { 200: googleConfigResponseSchema, ...errorAnswers(400) },
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
        return { enabled: false, client_id: null, authorize_url: null };
      }
    },
  );

  app.post(
    '/google',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'signInWithGoogle',
        tags: ['auth'],
        summary: 'Sign in with an OpenID Connect authorization code',
        body: googleSignInSchema,
        // 401: the provider refused the code; 403: a deactivated user; 503: Google sign-in is off.
        response: { 200: authResponseSchema, ...errorAnswers(400, 401, 403, 503) },
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
      let user: UserRecord;
      if (existing) {
        if (!existing.isActive) throw new AppError(403, 'errors:auth.user_inactive');
        user = existing;
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
