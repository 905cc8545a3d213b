import { type LeadFilters, splitByStaleness, type StatusSettings, type StatusTotalsRow } from '@funil/shared';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { leads, pipelineStatuses } from '../../db/schema';
import { type LeadFilter, leadFilter, leadFilterCondition } from './lead-filters';
import { runningTotalsByStatus } from './lead-running-totals';
import { toStatusTotalsRows } from './lead-totals';

/**
 * Stale counts and the "parados" filter on top of the running totals, without scanning the leads.
 * A status with `stale_after_days` splits its leads at the cutoff (now − those days): the fresh
 * ones entered it after the cutoff. They are read from the (contract_status, status_changed_at)
 * index — a range whose size follows the team's recent moves, not the table — and the stale ones
 * are the running totals minus them. A status without a threshold has no stale lead.
 */

/** Count and sums of the fresh leads of each status that has a threshold, under `filter`. */
function freshTotalsByStatus(db: Database, filter: LeadFilter): Promise<StatusTotalsRow[]> {
  return readRows(
    db,
    `fresh_totals_by_status|${filter.key}`,
    () => ({
      query: db
        .select({
          contractStatus: leads.contractStatus,
          count: count(),
          credit: sql<string>`coalesce(sum(${leads.credit}), 0)`,
          invest: sql<string>`coalesce(sum(${leads.invest}), 0)`,
        })
        .from(pipelineStatuses)
        .innerJoin(
          leads,
          and(
            eq(leads.contractStatus, pipelineStatuses.contractStatus),
            sql`${leads.statusChangedAt} >= now() - make_interval(days => ${pipelineStatuses.staleAfterDays})`,
          ),
        )
        .where(and(isNotNull(pipelineStatuses.staleAfterDays), leadFilterCondition(filter)))
        .groupBy(leads.contractStatus),
      mapRows: toStatusTotalsRows,
    }),
    filter.values,
  );
}

/**
 * Each status's totals under dimension filters (those `hasRunningTotals` accepts) and `stale`:
 * all its leads with their stale count (no `stale`), only the stale ones (`stale=true`) or only
 * the fresh ones (`stale=false`).
 */
export async function runningTotalsWithStale(
  db: Database,
  filters: LeadFilters,
  settings: StatusSettings,
): Promise<StatusTotalsRow[]> {
  const dimensions = leadFilter({ ...filters, stale: undefined });
  const [running, fresh] = await Promise.all([
    runningTotalsByStatus(db, dimensions),
    freshTotalsByStatus(db, dimensions),
  ]);
  return splitByStaleness(running, fresh, settings, filters.stale);
}
