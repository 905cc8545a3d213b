import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createStaleMarker } from './stale-marker';

describe('stale marker', () => {
  it('reads a query on screen again at most once a second, and only flags one that is not', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const fetchShown = vi.fn(async () => 'shown');
    const shownKey = ['api', 'leads', 'list', { page: 1 }];
    const hiddenKey = ['api', 'brands', 'list', { page: 1 }];
    queryClient.setQueryData(hiddenKey, 'hidden');
    const observer = new QueryObserver(queryClient, { queryKey: shownKey, queryFn: fetchShown });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchShown).toHaveBeenCalledTimes(1);

    const marker = createStaleMarker(queryClient);
    for (let i = 0; i < 50; i += 1) {
      marker.mark(shownKey);
      marker.mark(hiddenKey);
      await vi.advanceTimersByTimeAsync(19);
    }
    // 50 marks within a second: one read at once, then one trailing read when the second is up.
    expect(fetchShown).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchShown).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchShown).toHaveBeenCalledTimes(3);
    expect(queryClient.getQueryState(hiddenKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(hiddenKey)?.fetchStatus).toBe('idle');

    unsubscribe();
    marker.dispose();
  });
});
