import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchForStall } from './stall-watch';

const LIMIT_MS = 1_000;

/** A transfer the test moves by hand: bytes moved so far, and whether it waits on its peer. */
function transfer() {
  const state = { moved: 0, waiting: true, stalls: 0 };
  const stop = watchForStall({
    limitMs: LIMIT_MS,
    progress: () => state.moved,
    waitingOnPeer: () => state.waiting,
    onStall: () => {
      state.stalls += 1;
    },
  });
  return { state, stop };
}

describe('watchForStall', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends, once, a transfer that waits on its peer with no progress for the limit', () => {
    const { state } = transfer();
    vi.advanceTimersByTime(LIMIT_MS - 250);
    expect(state.stalls).toBe(0);
    // Within a quarter of the limit past it.
    vi.advanceTimersByTime(LIMIT_MS / 4 + 250);
    expect(state.stalls).toBe(1);
    vi.advanceTimersByTime(LIMIT_MS * 10);
    expect(state.stalls).toBe(1);
  });

  it('never ends a transfer whose peer keeps taking bytes, however long it waits on it', () => {
    const { state, stop } = transfer();
    for (let step = 0; step < 40; step += 1) {
      vi.advanceTimersByTime(LIMIT_MS / 2);
      state.moved += 1;
    }
    expect(state.stalls).toBe(0);
    // Once the bytes stop, the limit counts from the last progress seen.
    vi.advanceTimersByTime(LIMIT_MS + LIMIT_MS / 4);
    expect(state.stalls).toBe(1);
    stop();
  });

  it('does not count time spent waiting on its own side (the database), only on the peer', () => {
    const { state, stop } = transfer();
    state.waiting = false;
    vi.advanceTimersByTime(LIMIT_MS * 5);
    expect(state.stalls).toBe(0);
    state.waiting = true;
    vi.advanceTimersByTime(LIMIT_MS - 250);
    expect(state.stalls).toBe(0);
    vi.advanceTimersByTime(LIMIT_MS / 2);
    expect(state.stalls).toBe(1);
    stop();
  });

  it('does nothing once stopped', () => {
    const { state, stop } = transfer();
    stop();
    vi.advanceTimersByTime(LIMIT_MS * 5);
    expect(state.stalls).toBe(0);
  });
});
