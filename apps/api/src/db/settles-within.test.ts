import { afterEach, describe, expect, it, vi } from 'vitest';
import { settlesWithin } from './settles-within';

describe('settlesWithin', () => {
  afterEach(() => vi.useRealTimers());

  it('is true for work that succeeds in time, false for work that fails', async () => {
    expect(await settlesWithin(Promise.resolve('answer'), 1_000)).toBe(true);
    expect(await settlesWithin(Promise.reject(new Error('refused')), 1_000)).toBe(false);
  });

  it('is false once the limit passes with the work still pending, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const outcome = settlesWithin(new Promise(() => {}), 5_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
