import type { QueryClient } from '@tanstack/react-query';
import { toLeadFilterParams } from '@/lib/lead-filters';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { parseLeadViewMode } from './components/view-toggle';
import { boardQueryOptions } from './hooks/use-board';
import { currentPipelineFilters } from './utils/pipeline-filters';

/**
 * Starts the board's call for the filters the board will show (the URL's, else the stored ones),
 * as the route matches: it then runs while the shell and the page render instead of after them.
 * Nothing when the user keeps the list view, and nothing twice: the board's own query finds the
 * call in flight or its answer in the cache.
 */
export function prefetchBoard(
  queryClient: QueryClient,
  searchParams: URLSearchParams,
  storage: Storage,
): void {
  if (parseLeadViewMode(storage.getItem(STORAGE_KEYS.leadViewMode)) !== 'kanban') return;
  const filters = toLeadFilterParams(currentPipelineFilters(searchParams, storage));
  void queryClient.prefetchQuery(boardQueryOptions(filters));
}
