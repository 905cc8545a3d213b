import { hasPermission, isPermission, type Permission } from '@funil/shared';
import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { signAccessToken, verifyAccessToken } from '../lib/tokens';
import { CHANNELS } from '../db/database-listener';
import { loadJwtKey } from '../modules/auth/jwt-key.service';
import { applyAuthNotification, SessionCache } from '../modules/auth/session-cache';
import { createSession, findSessionUser, type SessionMeta } from '../modules/auth/sessions.service';
import type { UserRecord } from '../modules/users/user-record';
import { rememberUserLanguage } from '../modules/users/users.service';
import { DOCS_PREFIX } from './openapi';

/**
 * Who may call a route: anyone, any active signed-in user, or a signed-in user whose roles grant
 * the permission (packages/shared/src/policy/permissions.ts). Every /api route must say which
 * (checked when the route is added).
 */
export type Access = 'public' | 'authenticated' | Permission;

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A public route that never looks at its caller (the health check): a token sent along is not
     * checked, so what it answers never depends on the sessions being readable.
     */
    ignoresCaller?: boolean;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The signed-in user, or null (public routes called without a valid token). */
    user: UserRecord | null;
    /** The session the request's token names, or null. */
    sessionId: string | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Opens a session for `userId` and returns its signed access token. */
    issueAccessToken: (userId: string, meta?: SessionMeta) => Promise<{ token: string; sessionId: string }>;
    /** Every /api route with its declared access, as registered (the access-matrix test walks it). */
    apiRoutes: ApiRoute[];
    /** Tokens this process checked recently; routes that end sessions or change users forget them. */
    sessionCache: SessionCache;
  }
}

export type ApiRoute = { method: string; url: string; access: Access };

export const isDocsRoute = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

const isValidAccess = (access: unknown): access is Access =>
  access === 'public' || access === 'authenticated' || isPermission(access);

/** The access a route declared (onRoute guarantees one for every /api route). */
export const routeAccess = (route: Pick<RouteOptions, 'config'>): Access | undefined =>
  (route.config as { access?: Access } | undefined)?.access;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const sessionExpired = () => new AppError(401, 'errors:session_expired');

/** Request metadata kept with a session (who signed in from where). */
export const sessionMetaOf = (request: FastifyRequest): SessionMeta => ({
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  ip: request.ip,
});

/**
 * Route-level access policy and Bearer-token authentication (docs/api.md, General and Roles).
 * A token is a JWT (HS256) naming a session row; it is good only while that row is open and the
 * user is active, so logout, a password reset or a deactivation take effect at once. A token
 * checked once is trusted for SESSION_CACHE_SECONDS by this process, until a change to its session
 * or its user makes every process forget it (modules/auth/session-cache.ts).
 */
export const authPlugin = fp(
  async (app) => {
    // The database is open and migrated by now (buildApp migrates before registering plugins).
    const key = await loadJwtKey(app.db, app.config);

    const apiRoutes: ApiRoute[] = [];
    app.decorate('apiRoutes', apiRoutes);
    const sessionCache = new SessionCache({ ttlMs: app.config.sessionCacheSeconds * 1000 });
    app.decorate('sessionCache', sessionCache);
    // While the notifications cannot be received, no token is trusted without its session row.
    app.dbListener.on(CHANNELS.auth, (payload) => applyAuthNotification(sessionCache, payload));
    app.dbListener.onConnection((isListening) =>
      isListening ? sessionCache.resume() : sessionCache.suspend(),
    );
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    app.decorate('issueAccessToken', async (userId: string, meta: SessionMeta = {}) => {
      const session = await createSession(app.db, userId, app.config.sessionTtlHours, meta);
      const token = await signAccessToken(key, { userId, sessionId: session.id }, session.expiresAt);
      return { token, sessionId: session.id };
    });

    // A route that forgets to say who may call it must not be served at all: fail at start-up.
    app.addHook('onRoute', (route) => {
      if (!isApiRoute(route.url)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (isDocsRoute(route.url)) {
        route.config = { ...route.config, access: 'public' };
        for (const method of methods) apiRoutes.push({ method, url: route.url, access: 'public' });
        return;
      }
      const access = routeAccess(route);
      if (!isValidAccess(access)) {
        throw new Error(
          `Route ${String(route.method)} ${route.url} must declare config.access ('public', 'authenticated' or a permission); got ${JSON.stringify(access)}`,
        );
      }
      for (const method of methods) apiRoutes.push({ method, url: route.url, access });
      if (access !== 'public') {
        // OpenAPI: mark it as needing the bearer token.
        route.schema = { ...route.schema, security: [{ bearerAuth: [] }] } as RouteOptions['schema'];
      }
    });

    /**
     * Resolves the request's token to a user; null when absent, an AppError 401 when bad. When the
     * session cannot be read (the database is away or failing), the database's error goes on to
     * the error handler, which answers 503: a 401 would sign the web user out for an outage.
     */
    async function authenticate(request: FastifyRequest): Promise<UserRecord | null> {
      const header = request.headers.authorization;
      if (header === undefined || header === '') return null;
      const token = BEARER.exec(header)?.[1];
      if (!token) throw sessionExpired();
      const checked = sessionCache.lookup(token);
      if (checked) {
        request.sessionId = checked.sessionId;
        return checked.user;
      }
      const generation = sessionCache.generation;
      const claims = await verifyAccessToken(key, token);
      if (!claims) throw sessionExpired();
      const user = await findSessionUser(app.db, claims.sessionId, claims.userId);
      if (!user?.isActive) throw sessionExpired();
      request.sessionId = claims.sessionId;
      sessionCache.remember(token, { ...claims, user }, claims.expiresAt, generation);
      return user;
    }

    // onRequest: before the body is read or validated, so an anonymous caller learns nothing
    // about a protected route's input rules.
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (access === undefined) return; // not an /api route (SPA files, unknown routes)
      if (access === 'public' && request.routeOptions.config.ignoresCaller) return;
      if (access === 'public') {
        // Public routes still see a valid token (registration by a signed-in admin); a bad one
        // is ignored there rather than refused. A session that cannot be read (the database is
        // away) is not a bad token: that failure stands (503), never an anonymous caller.
        try {
          request.user = await authenticate(request);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          request.user = null;
          request.sessionId = null;
        }
        return;
      }
      const user = await authenticate(request);
      if (!user) throw sessionExpired();
      request.user = user;
      if (access !== 'authenticated' && !hasPermission(user.roles, access)) {
        throw new AppError(403, 'errors:access_denied');
      }
    });

    // The language a user works in is the one their emails (reminders, mentions) are written in.
    // Kept from requests that succeeded, before their answer leaves: a refused request changes
    // nothing, and the next one already finds it. Remembering is not part of the answer: when the
    // database cannot take it (away, or gone since the handler ran), the answer leaves as it was
    // and a later request remembers the language.
    // Callback style: on almost every request there is nothing to remember, and an async hook
    // would cost a promise and a turn of the microtask queue all the same.
    app.addHook('onSend', (request, reply, payload, done) => {
      const user = request.user;
      const changedLanguage =
        user &&
        reply.statusCode < 400 &&
        request.headers['accept-language'] &&
        user.language !== request.language;
      if (!changedLanguage) {
        done(null, payload);
        return;
      }
      rememberUserLanguage(app.db, user.id, request.language)
        .catch((error: unknown) =>
          request.log.warn({ err: error }, 'could not remember the language of the user'),
        )
        .then(() => done(null, payload));
    });
  },
  { name: 'funil-auth', dependencies: ['funil-db', 'funil-database-listener', 'funil-errors'] },
);
