import type pg from 'pg';

const BEGIN = /^\s*begin\b/i;

const statementText = (config: unknown): string => {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
};

type Release = (error?: Error | boolean) => void;

/**
 * Gives a pooled client back to its pool when the BEGIN that opens its transaction fails.
 *
 * Drizzle's `transaction()` on a node-postgres pool takes a client and sends BEGIN before the
 * code that releases the client is in place, so a failing BEGIN leaves the client checked out
 * forever. BEGIN fails exactly when the database goes away: a client that sat idle in the pool
 * while the server restarted or was killed is handed out before its broken socket is noticed.
 * Each such failure would take one connection from the pool for good; after a few outages the pool
 * would have none left, and the process would answer 503 to everything though the database is
 * back (and never finish closing, which waits for every client).
 *
 * Here such a client is released with the error, so the pool discards it, at once; the holder's
 * own release afterwards (code that does release on that path) is then a no-op rather than pg's
 * "released twice" error. Every other checkout is released exactly as before.
 */
export function releaseClientsWhoseBeginFails(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    // The pool sets `release` afresh on each checkout: keep it and answer a guarded one.
    let poolRelease: Release | undefined;
    let releasedHere = false;
    Object.defineProperty(client, 'release', {
      configurable: true,
      get: (): Release => (error) => {
        if (releasedHere) return;
        poolRelease?.(error);
      },
      set: (release: Release) => {
        poolRelease = release;
        releasedHere = false;
      },
    });

    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (!(result instanceof Promise) || !BEGIN.test(statementText(args[0]))) return result;
      return result.catch((error: unknown) => {
        if (!releasedHere && poolRelease) {
          releasedHere = true;
          poolRelease(error instanceof Error ? error : new Error(String(error)));
        }
        throw error;
      });
    }) as typeof client.query;
  });
}
