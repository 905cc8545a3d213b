import { LOGIN_LOCKOUT_MS } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import {
  expire,
  INITIAL_LOCKOUT,
  isBlocked,
  isTooMany,
  recordFailure,
  recordSubmit,
  shouldShowAttempts,
  type LoginLockout,
} from './login-lockout';

function failTimes(times: number, now = 0): LoginLockout {
  let state = INITIAL_LOCKOUT;
  for (let i = 0; i < times; i += 1) state = recordFailure(recordSubmit(state), now);
  return state;
}

describe('login lockout', () => {
  it('starts with nothing to show', () => {
    expect(shouldShowAttempts(INITIAL_LOCKOUT)).toBe(false);
    expect(isBlocked(INITIAL_LOCKOUT)).toBe(false);
    expect(isTooMany(INITIAL_LOCKOUT)).toBe(false);
  });

  it.each([1, 2, 3, 4])('shows the attempt line, unblocked, after %i failures', (times) => {
    const state = failTimes(times);
    expect(state.attempts).toBe(times);
    expect(shouldShowAttempts(state)).toBe(true);
    expect(isBlocked(state)).toBe(false);
    expect(isTooMany(state)).toBe(false);
  });

  it('blocks from the 5th attempt, says too many and starts the 5-minute timer', () => {
    const state = failTimes(5, 1000);
    expect(isBlocked(state)).toBe(true);
    expect(shouldShowAttempts(state)).toBe(false);
    expect(isTooMany(state)).toBe(true);
    expect(state.resetAt).toBe(1000 + LOGIN_LOCKOUT_MS);
  });

  it('counts every submit, before the answer arrives', () => {
    const pending = recordSubmit(failTimes(4));
    expect(pending.attempts).toBe(5);
    expect(isBlocked(pending)).toBe(true);
    expect(isTooMany(pending)).toBe(false);
  });

  it('resets the counter to 0 only once the 5 minutes have passed', () => {
    const state = failTimes(5, 0);
    expect(expire(state, LOGIN_LOCKOUT_MS - 1)).toBe(state);
    expect(expire(state, LOGIN_LOCKOUT_MS)).toEqual(INITIAL_LOCKOUT);
  });

  it('leaves a counter without a timer alone', () => {
    const state = failTimes(3);
    expect(expire(state, Number.MAX_SAFE_INTEGER)).toBe(state);
  });
});
