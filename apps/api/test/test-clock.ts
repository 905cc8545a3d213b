/**
 * A clock for the scheduled jobs that tests move instead of waiting for the wall clock: it reads
 * the wall clock plus everything `advance` added, so it never runs behind the database's `now()`
 * (jobs queued "now" are due for it at once) and time passes on it only when a test says so.
 */
export function testClock() {
  let aheadMs = 0;
  return {
    now: () => new Date(Date.now() + aheadMs),
    advance: (ms: number) => {
      aheadMs += ms;
    },
    /** An instant `ms` after the clock's now, as the API writes it. */
    inMs: (ms: number) => new Date(Date.now() + aheadMs + ms).toISOString(),
  };
}
