import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { databaseRateLimitStore } from './rate-limit-store';

type RouteLimit = {
  /** Requests allowed per window. */
  max: number;
  /** The window, in milliseconds. */
  windowMs: number;
  /** Whose requests count together: the signed-in user's (default), or the client address's. */
  per?: 'user' | 'ip';
  /** The 429's message key; default errors:too_many_requests. */
  messageKey?: string;
};

const callerKey = (request: FastifyRequest) =>
  request.user ? `user:${request.user.id}` : `ip:${request.ip}`;

/**
 * A route's rate limit, for its `config.rateLimit`: `config: { access: 'authenticated',
 * rateLimit: routeRateLimit({ max: 30, windowMs: 60_000 }) }`. Over the limit the route answers
 * 429 with our error body and Retry-After.
 *
 * The counters live in the database (`rate_limit_counters`), so every API process on it counts the
 * same hits: behind a load balancer a caller gets the limit once, not once per process.
 */
export function routeRateLimit({ max, windowMs, per = 'user', messageKey }: RouteLimit): RateLimitOptions {
  return {
    max,
    timeWindow: windowMs,
    keyGenerator: per === 'ip' ? (request) => `ip:${request.ip}` : callerKey,
    errorResponseBuilder: () => new AppError(429, messageKey ?? 'errors:too_many_requests'),
  };
}

/**
 * One limit counted across several routes (routeRateLimit counts each route on its own): put the
 * returned hook in each route's `onRequest`, e.g. `onRequest: aiLimit` on both AI routes. Counted
 * per signed-in user under `group`, in the same database store as the other limits; over the limit:
 * 429 with our error body and Retry-After. Create it once, after the rate-limit plugin.
 */
export function sharedRateLimit(
  app: FastifyInstance,
  { group, max, windowMs, messageKey }: Omit<RouteLimit, 'per'> & { group: string },
): onRequestAsyncHookHandler {
  const check = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `${group}:${callerKey(request)}`,
  });
  return async (request) => {
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw new AppError(429, messageKey ?? 'errors:too_many_requests', {
        headers: { 'retry-after': String(limit.ttlInSeconds) },
      });
    }
  };
}

/**
 * @fastify/rate-limit for the routes that ask for it (nothing is limited globally). It counts in
 * preParsing, after the auth plugin's onRequest hook has found the caller, so limits can be per
 * user, and before a body is read. Each hit is one upsert in `rate_limit_counters`
 * (rate-limit-store.ts); plugins/housekeeping.ts deletes the counters whose window has ended.
 *
 * When the database cannot count a hit the request goes through uncounted (fails open:
 * `skipOnError`, and the store logs a warning). These limits slow abuse down (a mail bomb, a
 * runaway client, AI spend); they keep no one out, and most of what they guard needs the database
 * anyway. Failing closed would answer every caller a 429 they did not earn for as long as the
 * database is away. Sign-in throttling, the limit that does protect accounts, is not one of these:
 * it counts in login_attempts and fails with the sign-in itself.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      hook: 'preParsing',
      keyGenerator: callerKey,
      errorResponseBuilder: () => new AppError(429, 'errors:too_many_requests'),
      store: databaseRateLimitStore(app.db, app.log),
      skipOnError: true,
    });
  },
  { name: 'funil-rate-limit', dependencies: ['funil-db', 'funil-auth', 'funil-errors'] },
);
