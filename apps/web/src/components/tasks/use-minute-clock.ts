import { useSyncExternalStore } from 'react';

const MINUTE = 60_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  timer ??= setInterval(() => {
    for (const listener of listeners) listener();
  }, MINUTE / 4);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time to the minute: the same value for every reader until the next minute starts. */
const minuteNow = () => Math.floor(Date.now() / MINUTE) * MINUTE;

/**
 * The current time, to the minute, shared by every mark on screen (one timer however many cards):
 * a follow-up that falls due while the board is open turns overdue within a minute.
 */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, minuteNow, minuteNow);
}
