import { PROSPECTUS_YEARS } from '@funil/shared';
import type { LeadFilters } from '@/api/leads';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/** The filter panel's state, as the user set it (ids for the catalogues, franchise names). */
export type PipelineFilters = {
  brand: string;
  vertical: string;
  quota: string;
  platform: string;
  year: string;
  franchises: string[];
  /** 'true': only the stale deals ("Parados"); 'false': only those on track; '': all. */
  stale: string;
};

export const EMPTY_FILTERS: PipelineFilters = {
  brand: '',
  vertical: '',
  quota: '',
  platform: '',
  year: '',
  franchises: [],
  stale: '',
};

type SingleFilter = Exclude<keyof PipelineFilters, 'franchises'>;
const SINGLE_FILTERS: readonly SingleFilter[] = ['brand', 'vertical', 'quota', 'platform', 'year', 'stale'];

/** Where each filter is kept between visits, in the browser's storage (the `leadFilter_*` keys). */
const STORAGE_KEY_OF: Record<keyof PipelineFilters, string> = {
  brand: STORAGE_KEYS.leadFilterBrand,
  vertical: STORAGE_KEYS.leadFilterVertical,
  quota: STORAGE_KEYS.leadFilterQuota,
  platform: STORAGE_KEYS.leadFilterPlatform,
  year: STORAGE_KEYS.leadFilterYear,
  franchises: STORAGE_KEYS.leadFilterFranchises,
  stale: STORAGE_KEYS.leadFilterStale,
};

/** The URL's names: short and readable in a shared link (`?year=2026&franchise=Recife`). */
const URL_PARAM_OF: Record<keyof PipelineFilters, string> = {
  brand: 'brand',
  vertical: 'vertical',
  quota: 'quota',
  platform: 'platform',
  year: 'year',
  franchises: 'franchise',
  stale: 'stale',
};

const STALE_VALUES = ['true', 'false'];

const isKnownYear = (year: string) => (PROSPECTUS_YEARS as readonly number[]).includes(Number(year));

/** Drops what cannot be a filter (an unknown year or stale value, blank names, repeats). */
export function cleanFilters(filters: PipelineFilters): PipelineFilters {
  return {
    brand: filters.brand,
    vertical: filters.vertical.trim(),
    quota: filters.quota.trim(),
    platform: filters.platform.trim(),
    year: isKnownYear(filters.year) ? filters.year : '',
    franchises: [...new Set(filters.franchises.map((name) => name.trim()).filter(Boolean))],
    stale: STALE_VALUES.includes(filters.stale) ? filters.stale : '',
  };
}

export function countActiveFilters(filters: PipelineFilters): number {
  const singles = SINGLE_FILTERS.filter((key) => filters[key].trim() !== '').length;
  return singles + (filters.franchises.length > 0 ? 1 : 0);
}

export function hasFilterParams(params: URLSearchParams): boolean {
  return Object.values(URL_PARAM_OF).some((name) => params.has(name));
}

/** The filters read one by one from where they were kept; a missing one is empty. */
function readFilters(read: (key: SingleFilter) => string | null, franchises: string[]): PipelineFilters {
  const filters: PipelineFilters = { ...EMPTY_FILTERS, franchises };
  for (const key of SINGLE_FILTERS) filters[key] = read(key) ?? '';
  return cleanFilters(filters);
}

/** The filters a link carries; what the link does not name is empty. */
export function filtersFromSearchParams(params: URLSearchParams): PipelineFilters {
  return readFilters((key) => params.get(URL_PARAM_OF[key]), params.getAll(URL_PARAM_OF.franchises));
}

/**
 * Writes the filters into a copy of `params`, leaving the other parameters (the view, say)
 * alone; empty filters leave no trace in the URL.
 */
export function withFilterParams(params: URLSearchParams, filters: PipelineFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(URL_PARAM_OF)) next.delete(name);
  for (const key of SINGLE_FILTERS) {
    const value = key === 'brand' ? filters.brand.trim() : filters[key];
    if (value) next.set(URL_PARAM_OF[key], value);
  }
  for (const name of filters.franchises) next.append(URL_PARAM_OF.franchises, name);
  return next;
}

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

/** What the API is asked (docs/api.md, Leads): every filter runs on the server. */
export function toLeadFilterParams(filters: PipelineFilters): LeadFilters {
  const params: LeadFilters = {};
  const search = filters.brand.trim();
  if (search) params.search = search;
  if (filters.vertical) params.vertical = filters.vertical;
  if (filters.quota) params.quota = filters.quota;
  if (filters.platform) params.platform = filters.platform;
  if (filters.year) params.prospectus_year = Number(filters.year);
  if (filters.franchises.length > 0) params.franchise = [...filters.franchises].sort();
  if (filters.stale) params.stale = filters.stale === 'true';
  return params;
}
