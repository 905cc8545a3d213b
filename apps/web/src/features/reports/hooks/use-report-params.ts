import { REPORT_GROUPS, type ReportGroup } from '@funil/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  countActiveReportFilters,
  EMPTY_REPORT_FILTERS,
  type ReportFilters,
  reportFiltersFromSearchParams,
  withReportFilterParams,
} from '../utils/report-filters';
import {
  type DateRange,
  presetRange,
  rangeProblem,
  REPORT_PERIODS,
  type ReportPeriod,
} from '../utils/report-period';

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/**
 * The report's period, grouping and filters, kept in the URL
 * (`?period=custom&from=…&to=…&group=vertical&executive=…&franchise=Recife`) so a report can be
 * bookmarked and shared. Without parameters: this year, by month, every lead.
 */
export function useReportParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = oneOf(REPORT_PERIODS, searchParams.get('period'), 'year');
  const group = oneOf(REPORT_GROUPS, searchParams.get('group'), 'month');
  const customFrom = searchParams.get('from') ?? '';
  const customTo = searchParams.get('to') ?? '';
  const filters = useMemo(() => reportFiltersFromSearchParams(searchParams), [searchParams]);

  const range: DateRange = useMemo(
    () => (period === 'custom' ? { from: customFrom, to: customTo } : presetRange(period)),
    [period, customFrom, customTo],
  );

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  /** A preset drops the custom days; "custom" starts from the days shown until then. */
  const setPeriod = useCallback(
    (next: ReportPeriod) =>
      update(next === 'custom' ? { period: next, ...range } : { period: next, from: null, to: null }),
    [update, range],
  );
  const setGroup = useCallback((next: ReportGroup) => update({ group: next }), [update]);
  const setRange = useCallback((next: DateRange) => update({ period: 'custom', ...next }), [update]);
  const setFilters = useCallback(
    (next: ReportFilters) =>
      setSearchParams((current) => withReportFilterParams(current, next), { replace: true }),
    [setSearchParams],
  );
  const clearFilters = useCallback(() => setFilters(EMPTY_REPORT_FILTERS), [setFilters]);

  return {
    period,
    group,
    range,
    problem: rangeProblem(range),
    filters,
    activeFilterCount: countActiveReportFilters(filters),
    setPeriod,
    setGroup,
    setRange,
    setFilters,
    clearFilters,
  };
}
