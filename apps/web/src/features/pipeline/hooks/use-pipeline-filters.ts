import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  countActiveFilters,
  currentPipelineFilters,
  EMPTY_FILTERS,
  hasFilterParams,
  type PipelineFilters,
  storeFilters,
  withFilterParams,
} from '../utils/pipeline-filters';

/**
 * The pipeline's filters, kept in two places: the URL (so a filtered board can be shared as a
 * link) and each filter's leadFilter_* key (so they come back on the next visit). A link that
 * names filters wins; without any, the stored filters are put back into the URL.
 */
export function usePipelineFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = hasFilterParams(searchParams);
  const filters = useMemo(() => currentPipelineFilters(searchParams, localStorage), [searchParams]);

  // Whichever place the filters came from, the other one learns them: the stored ones go into the
  // URL (replacing the entry, so Back does not step through it), a shared link's into storage.
  useEffect(() => {
    if (fromUrl) storeFilters(localStorage, filters);
    else if (countActiveFilters(filters) > 0) {
      setSearchParams((current) => withFilterParams(current, filters), { replace: true });
    }
  }, [fromUrl, filters, setSearchParams]);

  const setFilters = useCallback(
    (next: PipelineFilters) => {
      storeFilters(localStorage, next);
      setSearchParams((current) => withFilterParams(current, next), { replace: true });
    },
    [setSearchParams],
  );
  const clearFilters = useCallback(() => setFilters(EMPTY_FILTERS), [setFilters]);

  return { filters, setFilters, clearFilters, activeCount: countActiveFilters(filters) };
}
