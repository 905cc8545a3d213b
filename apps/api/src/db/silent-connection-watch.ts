import type pg from 'pg';
import { lookEveryMs } from '../lib/stall-watch';

/** One pooled connection: how many of its statements await an answer, and since when it has had none. */
type Waiting = { client: pg.PoolClient; pending: number; since: number };

type Callback = (error: Error | null, result: unknown) => void;

/**
 * Ends a pool's connection whose statement has had no answer for `limitMs`: the network to the
 * database stalled (the socket is open and nothing comes back), which the server's own
 * statement_timeout cannot end, as its answer never arrives either. The connection's socket is
 * destroyed, so the statements waiting on it fail as a lost connection does (answered 503) and
 * the pool discards the client when it is released.
 *
 * The clock is looked at, not awaited: one timer per pool, looking every quarter of the limit (at
 * most every second), cuts within 1.25 × the limit. node-postgres's own `query_timeout` arms a
 * timer for every statement and wraps its callback instead, and with it the rows of answers long
 * sent survived young-generation collections and were promoted to the old generation: at a page
 * of 50 leads per request, ~2.3 MB more survived each scavenge, the collector's time per request
 * rose from ~60 to ~200 µs and the page's throughput fell by a sixth (measured with a bare pool
 * as well as the API, where the mechanism inside V8 was not pinned down).
 *
 * Statements run with a callback (the pool's own `query`) and as promises are both watched; a
 * submittable (a driver-level cursor or stream) is not, and none is used.
 */
export function endConnectionsThatGoSilent(pool: pg.Pool, limitMs: number): void {
  const waiting = new Set<Waiting>();

  const started = (entry: Waiting) => {
    if (entry.pending++ === 0) {
      entry.since = performance.now();
      waiting.add(entry);
    }
  };
  const answered = (entry: Waiting) => {
    entry.pending -= 1;
    // A connection runs its statements one after another: the next one's wait starts now.
    if (entry.pending > 0) entry.since = performance.now();
    else waiting.delete(entry);
  };

  const timer = setInterval(() => {
    if (pool.ending) {
      clearInterval(timer);
      return;
    }
    const now = performance.now();
    for (const entry of waiting) {
      if (now - entry.since < limitMs) continue;
      waiting.delete(entry);
      (
        entry.client as unknown as { connection?: { stream?: { destroy: () => void } } }
      ).connection?.stream?.destroy();
    }
  }, lookEveryMs(limitMs));
  // The watch never keeps the process alive on its own.
  timer.unref();

  pool.on('connect', (client) => {
    const entry: Waiting = { client, pending: 0, since: 0 };
    const query = client.query.bind(client) as (
      config: unknown,
      values?: unknown,
      callback?: unknown,
    ) => unknown;
    const watched =
      (callback: Callback): Callback =>
      (error, result) => {
        answered(entry);
        callback(error, result);
      };
    // Named parameters, not a rest array: a wrapper that rebuilt its arguments array with the
    // callback replaced (`args[last] = …; query(...args)`) kept every answer's rows alive across
    // young-generation collections, as the per-statement timer does.
    client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof (config as { submit?: unknown } | null)?.submit === 'function') {
        return query(config, values, callback);
      }
      started(entry);
      let result: unknown;
      try {
        if (typeof callback === 'function') result = query(config, values, watched(callback as Callback));
        else if (typeof values === 'function') result = query(config, watched(values as Callback));
        else result = query(config, values);
      } catch (error) {
        answered(entry);
        throw error;
      }
      if (!(result instanceof Promise)) return result;
      return result.then(
        (answer: unknown) => {
          answered(entry);
          return answer;
        },
        (error: unknown) => {
          answered(entry);
          throw error;
        },
      );
    }) as typeof client.query;
  });
}
