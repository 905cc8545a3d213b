/** 0.5 s doubling to 10 s: the waits between attempts to reach a server that did not answer. */
export const BACKOFF_DEFAULTS = { initialDelayMs: 500, maxDelayMs: 10_000 };

/**
 * The wait before attempt `attempt` (0 first): 0.5 s doubling to 10 s, half of it fixed and half
 * random, so the tabs a server restart dropped do not all come back in the same instant, and none
 * comes back at once.
 */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  { initialDelayMs, maxDelayMs }: { initialDelayMs: number; maxDelayMs: number } = BACKOFF_DEFAULTS,
): number {
  const base = Math.min(maxDelayMs, initialDelayMs * 2 ** Math.min(attempt, 30));
  return base / 2 + (random() * base) / 2;
}
