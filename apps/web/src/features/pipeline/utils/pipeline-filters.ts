import {
  filtersFromSearchParams,
  hasFilterParams,
  type LeadFilterState,
  readFilters,
  SINGLE_FILTERS,
} from '@/lib/lead-filters';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/** The pipeline's filter panel offers every lead filter (lib/lead-filters.ts). */
export type PipelineFilters = LeadFilterState;

export {
  cleanFilters,
  countActiveFilters,
  EMPTY_FILTERS,
  filtersFromSearchParams,
  hasFilterParams,
  toLeadFilterParams,
  withFilterParams,
} from '@/lib/lead-filters';

/** Where each filter is kept between visits, in the browser's storage (the `leadFilter_*` keys). */
const STORAGE_KEY_OF: Record<keyof PipelineFilters, string> = {
  brand: STORAGE_KEYS.leadFilterBrand,
  vertical: STORAGE_KEYS.leadFilterVertical,
  quota: STORAGE_KEYS.leadFilterQuota,
  platform: STORAGE_KEYS.leadFilterPlatform,
  year: STORAGE_KEYS.leadFilterYear,
  franchises: STORAGE_KEYS.leadFilterFranchises,
  stale: STORAGE_KEYS.leadFilterStale,
  task: STORAGE_KEYS.leadFilterTask,
};

function readFranchises(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    // A value written by hand or by an old version is no reason to break the board.
    return [];
  }
}

export function readStoredFilters(storage: Storage): PipelineFilters {
  return readFilters(
    (key) => storage.getItem(STORAGE_KEY_OF[key]),
    readFranchises(storage.getItem(STORAGE_KEY_OF.franchises)),
  );
}

/**
 * The filters the board shows: a link's (the URL names at least one filter) or, without any, the
 * ones kept from the last visit.
 */
export function currentPipelineFilters(searchParams: URLSearchParams, storage: Storage): PipelineFilters {
  return hasFilterParams(searchParams) ? filtersFromSearchParams(searchParams) : readStoredFilters(storage);
}

/** Each filter in its own key; an empty one removes its key. */
export function storeFilters(storage: Storage, filters: PipelineFilters): void {
  for (const key of SINGLE_FILTERS) {
    if (filters[key]) storage.setItem(STORAGE_KEY_OF[key], filters[key]);
    else storage.removeItem(STORAGE_KEY_OF[key]);
  }
  if (filters.franchises.length > 0) {
    storage.setItem(STORAGE_KEY_OF.franchises, JSON.stringify(filters.franchises));
  } else {
    storage.removeItem(STORAGE_KEY_OF.franchises);
  }
}
