import net from 'node:net';
import pg from 'pg';

/**
 * Counts the round trips to PostgreSQL of the app's requests: a statement sent on a connection
 * with no statement in flight, or on one that does not pipeline (it waits for the statements
 * before it), is one; a statement pipelined behind others still in flight rides their round trip,
 * and a pool's own query (a client taken, one statement) is one. Install before any connection is
 * opened (the pool binds `query` as it connects).
 *
 * What `count` sees is every statement sent while its work runs, whoever sends it: use it on a
 * database handle with no background work (no app, whose live updates a commit wakes).
 */
export function countRoundTrips() {
  let window: { trips: number; writes: number; texts: string[] } | undefined;
  const inFlight = new WeakMap<pg.Client, number>();
  const textOf = (config: unknown) =>
    typeof config === 'string' ? config : String((config as { text?: unknown } | null)?.text ?? '');

  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const pending = inFlight.get(this) ?? 0;
    // A callback: the pool's own query, counted there.
    const fromPool = typeof args.at(-1) === 'function';
    if (window && !fromPool && (pending === 0 || !(this as { pipeline?: boolean }).pipeline)) {
      window.trips += 1;
      window.texts.push(textOf(args[0]).slice(0, 80));
    }
    inFlight.set(this, pending + 1);
    const settle = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
    const result = query.apply(this, args);
    if (result instanceof Promise) result.then(settle, settle);
    else settle();
    return result;
  } as typeof pg.Client.prototype.query;

  const poolQuery = pg.Pool.prototype.query as (this: pg.Pool, ...args: unknown[]) => unknown;
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    if (window) {
      window.trips += 1;
      window.texts.push(textOf(args[0]).slice(0, 80));
    }
    return poolQuery.apply(this, args);
  } as typeof pg.Pool.prototype.query;

  // The socket writes (flushes to the kernel) while a window is open: every socket the process
  // writes to, so only the database's where no HTTP server runs.
  type Flush = (this: net.Socket, ...args: unknown[]) => unknown;
  const socket = net.Socket.prototype as unknown as { _write: Flush; _writev: Flush };
  for (const method of ['_write', '_writev'] as const) {
    const flush = socket[method];
    socket[method] = function (this: net.Socket, ...args: unknown[]) {
      if (window) window.writes += 1;
      return flush.apply(this, args);
    };
  }

  return {
    /** The round trips and socket writes made while `work` ran, and the statements that opened the trips. */
    count: async <T>(work: () => Promise<T>) => {
      const counted = { trips: 0, writes: 0, texts: [] as string[] };
      window = counted;
      try {
        const result = await work();
        return { ...counted, result };
      } finally {
        window = undefined;
      }
    },
  };
}
