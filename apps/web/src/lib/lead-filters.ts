import { PROSPECTUS_YEARS, TASK_FILTERS, type TaskFilter } from '@funil/shared';
import type { LeadFilters } from '@/api/leads';

/**
 * The lead filters as a filter panel holds them, as the user set them (ids for the catalogues,
 * franchise names); '' for a filter not in use. The pipeline's panel offers them all; a report
 * leaves the brand search, `stale` and `task` empty.
 */
export type LeadFilterState = {
  brand: string;
  vertical: string;
  quota: string;
  platform: string;
  year: string;
  franchises: string[];
  /** 'true': only the stale deals ("Parados"); 'false': only those on track; '': all. */
  stale: string;
  /** 'overdue': an open task past its due date; 'open': any open task; 'none': no open task; '': all. */
  task: string;
};

export const EMPTY_FILTERS: LeadFilterState = {
  brand: '',
  vertical: '',
  quota: '',
  platform: '',
  year: '',
  franchises: [],
  stale: '',
  task: '',
};

export type SingleFilter = Exclude<keyof LeadFilterState, 'franchises'>;
export const SINGLE_FILTERS: readonly SingleFilter[] = [
  'brand',
  'vertical',
  'quota',
  'platform',
  'year',
  'stale',
  'task',
];

/** The URL's names: short and readable in a shared link (`?year=2026&franchise=Recife`). */
const URL_PARAM_OF: Record<keyof LeadFilterState, string> = {
  brand: 'brand',
  vertical: 'vertical',
  quota: 'quota',
  platform: 'platform',
  year: 'year',
  franchises: 'franchise',
  stale: 'stale',
  task: 'task',
};

const STALE_VALUES = ['true', 'false'];

const isTaskFilter = (value: string): value is TaskFilter =>
  (TASK_FILTERS as readonly string[]).includes(value);

const isKnownYear = (year: string) => (PROSPECTUS_YEARS as readonly number[]).includes(Number(year));

/** Drops what cannot be a filter (an unknown year, stale or task value, blank names, repeats). */
export function cleanFilters(filters: LeadFilterState): LeadFilterState {
  return {
    brand: filters.brand,
    vertical: filters.vertical.trim(),
    quota: filters.quota.trim(),
    platform: filters.platform.trim(),
    year: isKnownYear(filters.year) ? filters.year : '',
    franchises: [...new Set(filters.franchises.map((name) => name.trim()).filter(Boolean))],
    stale: STALE_VALUES.includes(filters.stale) ? filters.stale : '',
    task: isTaskFilter(filters.task) ? filters.task : '',
  };
}

export function countActiveFilters(filters: LeadFilterState): number {
  const singles = SINGLE_FILTERS.filter((key) => filters[key].trim() !== '').length;
  return singles + (filters.franchises.length > 0 ? 1 : 0);
}

export function hasFilterParams(params: URLSearchParams): boolean {
  return Object.values(URL_PARAM_OF).some((name) => params.has(name));
}

/** The filters read one by one from where they were kept; a missing one is empty. */
export function readFilters(
  read: (key: SingleFilter) => string | null,
  franchises: string[],
): LeadFilterState {
  const filters: LeadFilterState = { ...EMPTY_FILTERS, franchises };
  for (const key of SINGLE_FILTERS) filters[key] = read(key) ?? '';
  return cleanFilters(filters);
}

/** The filters a link carries; what the link does not name is empty. */
export function filtersFromSearchParams(params: URLSearchParams): LeadFilterState {
  return readFilters((key) => params.get(URL_PARAM_OF[key]), params.getAll(URL_PARAM_OF.franchises));
}

/**
 * Writes the filters into a copy of `params`, leaving the other parameters (the view, say)
 * alone; empty filters leave no trace in the URL.
 */
export function withFilterParams(params: URLSearchParams, filters: LeadFilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(URL_PARAM_OF)) next.delete(name);
  for (const key of SINGLE_FILTERS) {
    const value = key === 'brand' ? filters.brand.trim() : filters[key];
    if (value) next.set(URL_PARAM_OF[key], value);
  }
  for (const name of filters.franchises) next.append(URL_PARAM_OF.franchises, name);
  return next;
}

/** What the API is asked: every filter runs on the server. */
export function toLeadFilterParams(filters: LeadFilterState): LeadFilters {
  const params: LeadFilters = {};
  const search = filters.brand.trim();
  if (search) params.search = search;
  if (filters.vertical) params.vertical = filters.vertical;
  if (filters.quota) params.quota = filters.quota;
  if (filters.platform) params.platform = filters.platform;
  if (filters.year) params.prospectus_year = Number(filters.year);
  if (filters.franchises.length > 0) params.franchise = [...filters.franchises].sort();
  if (filters.stale) params.stale = filters.stale === 'true';
  if (isTaskFilter(filters.task)) params.task = filters.task;
  return params;
}
