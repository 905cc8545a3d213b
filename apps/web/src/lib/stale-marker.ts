import type { QueryClient, QueryKey } from '@tanstack/react-query';

export type StaleMarker = {
  mark: (queryKey: QueryKey) => void;
  dispose: () => void;
};

type StaleMarkerOptions = { intervalMs?: number; now?: () => number };

/**
 * Marks queries out of date without a refetch storm. A query on screen is read again at once,
 * then at most once per interval however many events touch it (the marks in between collapse into
 * one trailing read); one being read is left to finish first. A query not on screen is only
 * flagged, so it costs nothing until it is shown again.
 */
export function createStaleMarker(
  queryClient: QueryClient,
  { intervalMs = 1000, now = Date.now }: StaleMarkerOptions = {},
): StaleMarker {
  const lastRead = new Map<string, number>();
  const scheduled = new Map<string, ReturnType<typeof setTimeout>>();

  function mark(queryKey: QueryKey) {
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    if (!query) return;
    const hash = query.queryHash;
    if (scheduled.has(hash)) return;
    if (!query.isActive()) {
      void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
      return;
    }
    const wait = (lastRead.get(hash) ?? -Infinity) + intervalMs - now();
    if (wait <= 0 && query.state.fetchStatus !== 'fetching') {
      lastRead.set(hash, now());
      void queryClient.invalidateQueries({ queryKey, exact: true });
      return;
    }
    scheduled.set(
      hash,
      setTimeout(
        () => {
          scheduled.delete(hash);
          mark(queryKey);
        },
        Math.max(wait, 0) || intervalMs,
      ),
    );
  }

  return {
    mark,
    dispose: () => {
      for (const timer of scheduled.values()) clearTimeout(timer);
      scheduled.clear();
    },
  };
}
