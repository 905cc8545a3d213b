import { LOGIN_LOCKOUT_MS, LOGIN_MAX_ATTEMPTS } from '@funil/shared';

/**
 * The login screen's client-side attempt counter. The server has its
 * own throttle (docs/api.md, Auth: 429 after 5 failures in 5 minutes); this one only spares the user pointless
 * round trips and tells them where they stand.
 */
export type LoginLockout = {
  /** Submits since the last reset; increments on every submit. */
  attempts: number;
  /** Set when 'too many attempts' is shown; the counter returns to 0 at this time. */
  resetAt: number | null;
};

export const INITIAL_LOCKOUT: LoginLockout = { attempts: 0, resetAt: null };

export function recordSubmit(state: LoginLockout): LoginLockout {
  return { ...state, attempts: state.attempts + 1 };
}

/**
 * After a failed sign-in. When the counter was already 4 or more before this submit, 'too many
 * attempts' shows and the 5-minute reset timer (re)starts.
 */
export function recordFailure(state: LoginLockout, now: number): LoginLockout {
  if (state.attempts - 1 >= LOGIN_MAX_ATTEMPTS - 1) return { ...state, resetAt: now + LOGIN_LOCKOUT_MS };
  return state;
}

/** From the 5th attempt, fields and submit are disabled. */
export function isBlocked(state: LoginLockout): boolean {
  return state.attempts >= LOGIN_MAX_ATTEMPTS;
}

/** 'too many attempts' is on screen while the reset timer runs. */
export function isTooMany(state: LoginLockout): boolean {
  return state.resetAt !== null;
}

/** The orange line shows the count for 1 to 4 attempts. */
export function shouldShowAttempts(state: LoginLockout): boolean {
  return state.attempts >= 1 && state.attempts < LOGIN_MAX_ATTEMPTS;
}

/** Once the reset time has passed, the counter goes back to 0. */
export function expire(state: LoginLockout, now: number): LoginLockout {
  return state.resetAt !== null && now >= state.resetAt ? INITIAL_LOCKOUT : state;
}
