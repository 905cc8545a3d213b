import { useSyncExternalStore } from 'react';

const MINUTE = 60_000;
/** How often the clock looks at the time: a new minute shows within 15 s of starting. */
const TICK_MS = 15_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  timer ??= setInterval(() => {
    for (const listener of listeners) listener();
  }, TICK_MS);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time to the minute: the same value for every reader until the next minute starts. */
export const currentMinute = () => Math.floor(Date.now() / MINUTE) * MINUTE;

/**
 * The current time (ms), to the minute, from one clock shared by everything on screen (one timer
 * however many readers; a reader renders again only when the minute changes): what is overdue,
 * "há 5 minutos" and "em 15 minutos" follow it.
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, currentMinute, currentMinute);
}
