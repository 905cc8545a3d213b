import type { UserRecord } from '../users/user-record';

/** A token already checked: its session and the user it belongs to, and until when to trust it. */
export type CheckedToken = { sessionId: string; userId: string; user: UserRecord };

type Entry = CheckedToken & { trustedUntil: number };

export type SessionCacheOptions = {
  /** How long a checked token is trusted without reading its session again; 0 turns caching off. */
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
};

const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * The tokens this process has checked recently, so a signed-in request skips the JWT signature
 * and the session row (docs/decisions/005). It is only as good as its invalidation:
 * `forgetSession` and `forgetUser` are called by the routes that end sessions or change users in
 * this process, and by the `funil_auth` notifications the database sends for every such change,
 * whichever process made it.
 *
 * A check that started before a change must not put back what the change removed: every forget
 * bumps `generation`, and `remember` is refused when the generation moved since the check began.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #generation = 0;
  #enabled: boolean;

  constructor({ ttlMs, maxEntries = DEFAULT_MAX_ENTRIES, now = Date.now }: SessionCacheOptions) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
    this.#enabled = ttlMs > 0;
  }

  /** Read before checking a token; hand it back to `remember`. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  lookup(token: string): CheckedToken | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (entry.trustedUntil > this.#now()) return entry;
    this.#entries.delete(token);
    return undefined;
  }

  /** Keeps a checked token until the TTL or its own expiry, whichever comes first. */
  remember(token: string, checked: CheckedToken, expiresAt: number, generation: number): void {
    if (!this.#enabled || generation !== this.#generation) return;
    if (this.#entries.size >= this.#maxEntries) {
      // The oldest entry goes (a Map iterates in insertion order).
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    const trustedUntil = Math.min(this.#now() + this.#ttlMs, expiresAt);
    this.#entries.set(token, { ...checked, trustedUntil });
  }

  forgetSession(sessionId: string): void {
    this.#forget((entry) => entry.sessionId === sessionId);
  }

  forgetUser(userId: string): void {
    this.#forget((entry) => entry.userId === userId);
  }

  /**
   * Forgets everything and, until `resume`, remembers nothing: while the notifications cannot be
   * received (the listening connection is down), no token is trusted without its session row.
   */
  suspend(): void {
    this.#enabled = false;
    this.#forget(() => true);
  }

  resume(): void {
    this.#enabled = this.#ttlMs > 0;
    this.#forget(() => true);
  }

  #forget(matches: (entry: Entry) => boolean): void {
    this.#generation += 1;
    for (const [token, entry] of this.#entries) if (matches(entry)) this.#entries.delete(token);
  }
}

/** `funil_auth` payloads: `session:<id>` or `user:<id>`. */
export function applyAuthNotification(cache: SessionCache, payload: string): void {
  const [kind, id] = payload.split(':', 2);
  if (!id) return;
  if (kind === 'session') cache.forgetSession(id);
  else if (kind === 'user') cache.forgetUser(id);
}
