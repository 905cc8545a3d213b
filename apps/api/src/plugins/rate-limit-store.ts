import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { countRateLimitHit } from './rate-limit-counters';

export type StoreContext = {
  db: Database;
  log: FastifyBaseLogger;
  /** The clock windows are measured by (epoch ms); tests move it. */
  now: () => number;
};

/** What @fastify/rate-limit passes to `child` beyond the documented options: the route's identity. */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A route's counters are apart from every other route's, as with the in-memory store (one store per
 * route): its keys start with the route's method and path. A limiter made with createRateLimit has
 * no route and keeps its keys as they are (sharedRateLimit's carry their group).
 */
const scopeOf = (options: ChildOptions): string => {
  const { method, url } = options.routeInfo ?? {};
  if (url === undefined) return '';
  return `${[method ?? ''].flat().join(',')} ${url} `;
};

export class DatabaseRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly context: StoreContext,
    private readonly scope = '',
  ) {}

  /**
   * `timeWindow` is the route's own window (or the limiter's), resolved by the plugin for this
   * request. An error goes back to the plugin, which lets the request through (`skipOnError`).
   */
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const now = this.context.now();
    countRateLimitHit(this.context.db, `${this.scope}${key}`, timeWindow, now).then(
      ({ hits, resetsAt }) => callback(null, { current: hits, ttl: Math.max(0, resetsAt - now) }),
      (error: unknown) => {
        this.context.log.warn({ err: error, key }, 'rate limit not counted: the database failed');
        callback(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new DatabaseRateLimitStore(this.context, scopeOf(routeOptions as ChildOptions));
  }
}

/**
 * The `store` option of @fastify/rate-limit: counters in the `rate_limit_counters` table, so every
 * process on the database counts the same hits. The plugin constructs it with its own options,
 * hence a class made over the database rather than the class itself.
 */
export function databaseRateLimitStore(
  db: Database,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  const context: StoreContext = { db, log, now };
  return class extends DatabaseRateLimitStore {
    constructor() {
      super(context);
    }
  };
}
