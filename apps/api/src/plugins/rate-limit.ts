import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

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
 * The counters live in this process's memory: with several API processes behind a load balancer
 * each one counts on its own, so a caller may get up to that many times the limit. That suits what
 * they guard (a mail bomb, a runaway client), not a quota to bill by.
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
 * per signed-in user under `group`, in the same process-memory store as the other limits; over the
 * limit: 429 with our error body and Retry-After. Create it once, after the rate-limit plugin.
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
 * user, and before a body is read.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      hook: 'preParsing',
      keyGenerator: callerKey,
      errorResponseBuilder: () => new AppError(429, 'errors:too_many_requests'),
    });
  },
  { name: 'funil-rate-limit', dependencies: ['funil-auth', 'funil-errors'] },
);
