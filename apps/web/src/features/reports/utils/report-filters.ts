import type { LeadFilters } from '@/api/leads';
import {
  countActiveFilters,
  EMPTY_FILTERS,
  filtersFromSearchParams,
  type LeadFilterState,
  toLeadFilterParams,
  withFilterParams,
} from '@/lib/lead-filters';

/**
 * What a report can be sliced by: the lead's executive (a user id), and the vertical, quota type,
 * platform, prospectus year and franchises as the pipeline's panel holds them. The brand search
 * and "Parados" stay the board's: a period's outcomes are not about a brand typed in a box, nor
 * about the deals stale today.
 */
export type ReportFilters = Pick<
  LeadFilterState,
  'vertical' | 'quota' | 'platform' | 'year' | 'franchises'
> & {
  executive: string;
};

export const EMPTY_REPORT_FILTERS: ReportFilters = {
  executive: '',
  vertical: '',
  quota: '',
  platform: '',
  year: '',
  franchises: [],
};

const EXECUTIVE_PARAM = 'executive';

/** The lead filters a report's filters hold (brand and stale empty). */
const asLeadFilterState = ({ executive: _executive, ...shared }: ReportFilters): LeadFilterState => ({
  ...EMPTY_FILTERS,
  ...shared,
});

/** The filters a report's link carries, named as on the pipeline's (`?vertical=…&franchise=…`). */
export function reportFiltersFromSearchParams(params: URLSearchParams): ReportFilters {
  const { vertical, quota, platform, year, franchises } = filtersFromSearchParams(params);
  return {
    executive: params.get(EXECUTIVE_PARAM)?.trim() ?? '',
    vertical,
    quota,
    platform,
    year,
    franchises,
  };
}

/** Writes the filters into a copy of `params` (period and grouping untouched); empty ones leave no trace. */
export function withReportFilterParams(params: URLSearchParams, filters: ReportFilters): URLSearchParams {
  const next = withFilterParams(params, asLeadFilterState(filters));
  if (filters.executive) next.set(EXECUTIVE_PARAM, filters.executive);
  else next.delete(EXECUTIVE_PARAM);
  return next;
}

export function countActiveReportFilters(filters: ReportFilters): number {
  return countActiveFilters(asLeadFilterState(filters)) + (filters.executive ? 1 : 0);
}

/** What the report's API is asked besides the period and the grouping: the lead list's filters. */
export function toReportFilterParams(filters: ReportFilters): LeadFilters {
  const params: LeadFilters = toLeadFilterParams(asLeadFilterState(filters));
  if (filters.executive) params.executive = filters.executive;
  return params;
}
