import { describe, expect, it, vi } from 'vitest';
import { createFrameBatcher } from './frame-batcher';

describe('frame batcher', () => {
  it('hands everything queued before a frame over in one batch, then starts a new one', () => {
    const frames: (() => void)[] = [];
    const apply = vi.fn();
    const batcher = createFrameBatcher<number>(apply, {
      requestFrame: (callback) => frames.push(callback),
      cancelFrame: () => undefined,
    });
    for (let i = 0; i < 1000; i += 1) batcher.push(i);
    expect(frames).toHaveLength(1);
    expect(apply).not.toHaveBeenCalled();
    frames[0]!();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply.mock.calls[0]![0]).toHaveLength(1000);
    batcher.push(1000);
    expect(frames).toHaveLength(2);
    frames[1]!();
    expect(apply).toHaveBeenLastCalledWith([1000]);
    batcher.dispose();
  });

  it('applies the queue after a second when no frame comes (a hidden tab)', () => {
    vi.useFakeTimers();
    const apply = vi.fn();
    const batcher = createFrameBatcher<number>(apply, {
      requestFrame: () => 1,
      cancelFrame: () => undefined,
    });
    batcher.push(1);
    batcher.push(2);
    vi.advanceTimersByTime(999);
    expect(apply).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(apply).toHaveBeenCalledWith([1, 2]);
    batcher.dispose();
  });
});
