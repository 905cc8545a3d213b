import { type LeadFilters, leadFiltersSchema } from '@funil/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { franchises, leadFranchiseTotals, leadTotals } from '../../db/schema';
import type { StatusTotalsRow } from './lead-totals';

/** The filters `lead_totals` has a dimension for; any other filter needs the leads themselves. */
const DIMENSION_FILTERS = new Set<keyof LeadFilters>([
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
 * of the board's dimensions (status, year, vertical, quota type, platform), or a single franchise
 * besides them (`lead_franchise_totals`). A lead in two franchises is counted under each, so a
 * filter naming several franchises needs the leads. A new filter is outside these sets until
 * someone adds its dimension, so it can never be silently ignored.
 */
export function hasRunningTotals(filters: Partial<LeadFilters>): boolean {
  return FILTER_KEYS.every(
    (key) =>
      DIMENSION_FILTERS.has(key) ||
      !isSet(filters[key]) ||
      (key === 'franchise' && filters.franchise?.length === 1),
  );
}

type TotalsTable = typeof leadTotals | typeof leadFranchiseTotals;

/** The table to read, and the WHERE on its dimensions (and franchise, for the per-franchise one). */
function totalsFor(filters: Partial<LeadFilters>): { table: TotalsTable; where: SQL | undefined } {
  const franchise = filters.franchise?.length === 1 ? filters.franchise[0] : undefined;
  const table: TotalsTable = franchise === undefined ? leadTotals : leadFranchiseTotals;
  const where = and(
    franchise === undefined
      ? undefined
      : eq(
          leadFranchiseTotals.franchiseId,
          sql`(select ${franchises.id} from ${franchises} where ${franchises.name} = ${franchise})`,
        ),
    filters.contract_status?.length ? inArray(table.contractStatus, filters.contract_status) : undefined,
    filters.prospectus_year === undefined ? undefined : eq(table.prospectusYear, filters.prospectus_year),
    filters.vertical ? eq(table.verticalId, filters.vertical) : undefined,
    filters.quota ? eq(table.quotaId, filters.quota) : undefined,
    filters.platform ? eq(table.platformId, filters.platform) : undefined,
  );
  return { table, where };
}

/** Count and sums per status from the running totals (only when `hasRunningTotals(filters)`). */
export async function runningTotalsByStatus(
  db: Database,
  filters: Partial<LeadFilters>,
): Promise<StatusTotalsRow[]> {
  const { table, where } = totalsFor(filters);
  return db
    .select({
      contractStatus: table.contractStatus,
      count: sql<number>`coalesce(sum(${table.leadCount}), 0)::int`,
      credit: sql<string>`coalesce(sum(${table.credit}), 0)`,
      invest: sql<string>`coalesce(sum(${table.invest}), 0)`,
    })
    .from(table)
    .where(where)
    .groupBy(table.contractStatus);
}

/** How many leads match, from the running totals (only when `hasRunningTotals(filters)`). */
export async function runningLeadCount(db: Database, filters: Partial<LeadFilters>): Promise<number> {
  const { table, where } = totalsFor(filters);
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${table.leadCount}), 0)::int` })
    .from(table)
    .where(where);
  return Number(row?.total ?? 0);
}
