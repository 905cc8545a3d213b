import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

describe('useNow', () => {
  it('gives every reader the same minute and moves them all on when the next one starts', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-02T12:00:40.000Z'));
    const first = renderHook(() => useNow());
    const second = renderHook(() => useNow());
    expect(first.result.current).toBe(Date.parse('2026-03-02T12:00:00.000Z'));
    expect(second.result.current).toBe(first.result.current);

    act(() => vi.advanceTimersByTime(15_000));
    expect(first.result.current).toBe(Date.parse('2026-03-02T12:00:00.000Z'));

    act(() => vi.advanceTimersByTime(15_000));
    expect(first.result.current).toBe(Date.parse('2026-03-02T12:01:00.000Z'));
    expect(second.result.current).toBe(first.result.current);

    first.unmount();
    second.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
