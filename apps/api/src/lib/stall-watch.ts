/**
 * Ends work that waits on a peer who has stopped moving: a download whose client no longer reads,
 * an upload whose client no longer sends. Every so often it looks at `progress()` (a count that
 * grows while bytes move: a socket's bytesWritten or bytesRead); when `waitingOnPeer()` has held
 * for `limitMs` with no progress in between, `onStall` runs once and the watch stops.
 *
 * Only time spent waiting on the peer counts: a download held up by its own database read (a slow
 * sort before the first rows) is not the client's fault and is never cut for it.
 *
 * The clock is looked at, not awaited: a check every quarter of the limit (at most every second)
 * costs nothing beside a transfer and cuts within 1.25 × the limit.
 */
export type StallWatchOptions = {
  limitMs: number;
  progress: () => number;
  waitingOnPeer: () => boolean;
  onStall: () => void;
};

/**
 * How often a watch with this limit looks at the clock: every quarter of the limit, at most every
 * second (and at least every 10 ms), so it acts within 1.25 × the limit.
 */
export const lookEveryMs = (limitMs: number): number =>
  Math.max(10, Math.min(1_000, Math.floor(limitMs / 4)));

export function watchForStall(options: StallWatchOptions): () => void {
  const everyMs = lookEveryMs(options.limitMs);
  let lastProgress = options.progress();
  let stillSince = Date.now();
  const timer = setInterval(() => {
    const progress = options.progress();
    const now = Date.now();
    if (!options.waitingOnPeer() || progress !== lastProgress) {
      lastProgress = progress;
      stillSince = now;
      return;
    }
    if (now - stillSince < options.limitMs) return;
    clearInterval(timer);
    options.onStall();
  }, everyMs);
  // A watch never keeps the process alive on its own.
  timer.unref();
  return () => clearInterval(timer);
}
