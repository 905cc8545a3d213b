import { type LeadFilters, leadFiltersSchema, type StatusTotalsRow } from '@funil/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstNumber, readRows } from '../../db/read-rows';
import type { leadFranchiseStatuses } from '../../db/schema';
import { franchises, leadFranchiseTotals, leadTotals } from '../../db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isAnyOfJson } from '../../db/any-of-json';
import { filterPlaceholder, type LeadFilter, type LeadFilterName } from './lead-filters';
import { toStatusTotalsRows } from './lead-totals';

/** The filters `lead_totals` has a dimension for; any other filter needs the leads themselves. */
const DIMENSION_FILTERS = new Set<keyof LeadFilters>([
  'contract_status',
  'prospectus_year',
  'vertical',
  'quota',
  'platform',
]);

/**
 * Filters the totals answer beside their dimensions: `stale` splits each status's totals with an
 * index range of its fresh leads (lead-stale-totals.ts), never with a scan.
 */
const SPLIT_FILTERS = new Set<keyof LeadFilters>(['stale']);

const FILTER_KEYS = Object.keys(leadFiltersSchema.shape) as (keyof LeadFilters)[];

const isSet = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== undefined);

/**
 * Whether the running totals can answer for these filters: true when every filter in use is one
 * of the board's dimensions (status, year, vertical, quota type, platform), `stale`, or a single
 * franchise besides them (`lead_franchise_totals`). A lead in two franchises is counted under each, so a
 * filter naming several franchises needs the leads. A new filter is outside these sets until
 * someone adds its dimension, so it can never be silently ignored.
 */
export function hasRunningTotals(filters: Partial<LeadFilters>): boolean {
  return FILTER_KEYS.every(
    (key) =>
      DIMENSION_FILTERS.has(key) ||
      SPLIT_FILTERS.has(key) ||
      !isSet(filters[key]) ||
      (key === 'franchise' && filters.franchise?.length === 1),
  );
}

type TotalsTable = typeof leadTotals | typeof leadFranchiseTotals;

/** A table with the board's dimensions: the running totals, or the franchise links' statuses. */
type DimensionTable = TotalsTable | typeof leadFranchiseStatuses;

/** The conditions on a dimension table for the lead filters it has a dimension for. */
const DIMENSION_CONDITIONS: Partial<Record<LeadFilterName, (table: DimensionTable) => SQL>> = {
  contract_status: (table) => eq(table.contractStatus, filterPlaceholder('contract_status')),
  contract_statuses: (table) => isAnyOfJson(table.contractStatus, filterPlaceholder('contract_statuses')),
  prospectus_year: (table) => eq(table.prospectusYear, filterPlaceholder('prospectus_year')),
  vertical: (table) => eq(table.verticalId, filterPlaceholder('vertical')),
  quota: (table) => eq(table.quotaId, filterPlaceholder('quota')),
  platform: (table) => eq(table.platformId, filterPlaceholder('platform')),
};

/**
 * The WHERE on a dimension table for `filter` (one `hasRunningTotals` accepts): its dimensions,
 * and, with `franchiseId` (the table's franchise column), the one franchise the filter names.
 */
export function dimensionsWhere(
  table: DimensionTable,
  filter: LeadFilter,
  franchiseId?: AnyPgColumn,
): SQL | undefined {
  return and(
    franchiseId && filter.names.includes('franchise')
      ? eq(
          franchiseId,
          sql`(select ${franchises.id} from ${franchises} where ${isAnyOfJson(franchises.name, filterPlaceholder('franchise'))})`,
        )
      : undefined,
    ...filter.names.map((name) => DIMENSION_CONDITIONS[name]?.(table)),
  );
}

/**
 * The table to read, and the WHERE on its dimensions (and franchise, for the per-franchise one).
 * Only for filters `hasRunningTotals` accepts: the franchise filter then names one franchise.
 */
function totalsFor(filter: LeadFilter): { table: TotalsTable; where: SQL | undefined } {
  if (filter.names.includes('franchise')) {
    return {
      table: leadFranchiseTotals,
      where: dimensionsWhere(leadFranchiseTotals, filter, leadFranchiseTotals.franchiseId),
    };
  }
  return { table: leadTotals, where: dimensionsWhere(leadTotals, filter) };
}

/** Count and sums per status from the running totals (only when `hasRunningTotals(filters)`). */
export function runningTotalsByStatus(db: Database, filter: LeadFilter): Promise<StatusTotalsRow[]> {
  return readRows(
    db,
    `running_totals_by_status|${filter.key}`,
    () => {
      const { table, where } = totalsFor(filter);
      const query = db
        .select({
          contractStatus: table.contractStatus,
          count: sql<number>`coalesce(sum(${table.leadCount}), 0)::int`,
          credit: sql<string>`coalesce(sum(${table.credit}), 0)`,
          invest: sql<string>`coalesce(sum(${table.invest}), 0)`,
        })
        .from(table)
        .where(where)
        .groupBy(table.contractStatus);
      return { query, mapRows: toStatusTotalsRows };
    },
    filter.values,
  );
}

/** How many leads match, from the running totals (only when `hasRunningTotals(filters)`). */
export function runningLeadCount(db: Database, filter: LeadFilter): Promise<number> {
  return readRows(
    db,
    `running_lead_count|${filter.key}`,
    () => {
      const { table, where } = totalsFor(filter);
      const query = db
        .select({ total: sql<number>`coalesce(sum(${table.leadCount}), 0)::int` })
        .from(table)
        .where(where);
      return { query, mapRows: firstNumber };
    },
    filter.values,
  );
}
