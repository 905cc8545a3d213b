import { type LeadFilters, leadFiltersSchema } from '@funil/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leadTotals } from '../../db/schema';
import type { StatusTotalsRow } from './lead-totals';

/** The filters `lead_totals` has a dimension for; any other filter needs the leads themselves. */
const RUNNING_TOTAL_FILTERS = new Set<keyof LeadFilters>([
  'contract_status',
  'prospectus_year',
  'vertical',
  'quota',
  'platform',
]);

const FILTER_KEYS = Object.keys(leadFiltersSchema.shape) as (keyof LeadFilters)[];

const isSet = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== undefined);

/**
 * Whether the running totals can answer for these filters: true when every filter in use is one
 * of the board's dimensions (status, year, vertical, quota type, platform). A new filter is
 * outside that set until someone adds its dimension, so it can never be silently ignored.
 */
export function hasRunningTotals(filters: Partial<LeadFilters>): boolean {
  return FILTER_KEYS.every((key) => RUNNING_TOTAL_FILTERS.has(key) || !isSet(filters[key]));
}

function runningTotalsCondition(filters: Partial<LeadFilters>): SQL | undefined {
  return and(
    filters.contract_status?.length ? inArray(leadTotals.contractStatus, filters.contract_status) : undefined,
    filters.prospectus_year === undefined
      ? undefined
      : eq(leadTotals.prospectusYear, filters.prospectus_year),
    filters.vertical ? eq(leadTotals.verticalId, filters.vertical) : undefined,
    filters.quota ? eq(leadTotals.quotaId, filters.quota) : undefined,
    filters.platform ? eq(leadTotals.platformId, filters.platform) : undefined,
  );
}

/** Count and sums per status from the running totals (only when `hasRunningTotals(filters)`). */
export async function runningTotalsByStatus(
  db: Database,
  filters: Partial<LeadFilters>,
): Promise<StatusTotalsRow[]> {
  return db
    .select({
      contractStatus: leadTotals.contractStatus,
      count: sql<number>`coalesce(sum(${leadTotals.leadCount}), 0)::int`,
      credit: sql<string>`coalesce(sum(${leadTotals.credit}), 0)`,
      invest: sql<string>`coalesce(sum(${leadTotals.invest}), 0)`,
    })
    .from(leadTotals)
    .where(runningTotalsCondition(filters))
    .groupBy(leadTotals.contractStatus);
}

/** How many leads match, from the running totals (only when `hasRunningTotals(filters)`). */
export async function runningLeadCount(db: Database, filters: Partial<LeadFilters>): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${leadTotals.leadCount}), 0)::int` })
    .from(leadTotals)
    .where(runningTotalsCondition(filters));
  return Number(row?.total ?? 0);
}
