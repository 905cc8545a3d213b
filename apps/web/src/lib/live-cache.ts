import type { LiveEvent } from '@funil/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** What a cache patcher may ask for besides writing the caches it can patch. */
export type LiveCacheContext = {
  /**
   * The query's answer can no longer be trusted and no patch can make it right (a server page
   * whose members cannot be decided here): read it again, at most once a second while it is on
   * screen, and when next shown otherwise.
   */
  markStale: (queryKey: QueryKey) => void;
};

/**
 * Brings the caches a feature owns up to date with a batch of live events, in order: one
 * `setQueryData` per query per batch at most, so a burst costs one render per query.
 */
export type LiveCachePatcher = (
  queryClient: QueryClient,
  events: readonly LiveEvent[],
  context: LiveCacheContext,
) => void;

/**
 * Writes a patched answer when it differs from the cached one. A read in flight would put its
 * older answer over the patch when it lands, so such a query is also read again once it is done.
 */
export function writePatched<T>(
  queryClient: QueryClient,
  context: LiveCacheContext,
  queryKey: QueryKey,
  previous: T | undefined,
  next: T | undefined,
): void {
  if (next === undefined || next === previous) return;
  queryClient.setQueryData<T>(queryKey, next);
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query?.state.fetchStatus === 'fetching') context.markStale(queryKey);
}

/**
 * Whether two records are the same answer. Both come from the server's JSON for one record (a GET
 * answer, an event's record, written by one serializer in one key order), so their JSON is equal
 * exactly when they are.
 */
export const isSameRecord = (cached: unknown, incoming: unknown): boolean =>
  JSON.stringify(cached) === JSON.stringify(incoming);
