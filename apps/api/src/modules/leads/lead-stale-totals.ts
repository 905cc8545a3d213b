import { type LeadFilters, splitByStaleness, type StatusSettings, type StatusTotalsRow } from '@funil/shared';
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { leadFranchiseStatuses, leads, pipelineStatuses } from '../../db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type LeadFilter, leadFilter, leadFilterCondition } from './lead-filters';
import { dimensionsWhere, runningTotalsByStatus } from './lead-running-totals';
import { toStatusTotalsRows } from './lead-totals';

/**
 * Stale counts and the "parados" filter on top of the running totals, without scanning the leads.
 * A status with `stale_after_days` splits its leads at the cutoff (now − those days): the fresh
 * ones entered it after the cutoff. They are read from the (contract_status, status_changed_at)
 * index — a range whose size follows the team's recent moves, not the table — and the stale ones
 * are the running totals minus them. A status without a threshold has no stale lead.
 */

/**
 * The fresh leads of each status that has a threshold, under `filter`: their count, and with
 * `withSums` their credit and invest. One index range per status (a LATERAL subquery, so the
 * planner reads `(contract_status, status_changed_at)` status by status instead of joining the
 * whole table); the count alone is an index-only scan, the sums visit the fresh leads' rows.
 */
function freshTotalsByStatus(
  db: Database,
  filter: LeadFilter,
  withSums: boolean,
): Promise<StatusTotalsRow[]> {
  const byFranchise = filter.names.includes('franchise');
  return readRows(
    db,
    `fresh_totals_by_status|${withSums ? 'sums' : 'count'}|${filter.key}`,
    () => {
      const sums = {
        count: sql<number>`count(*)`.as('count'),
        credit: (withSums ? sql<string>`coalesce(sum(${leads.credit}), 0)` : sql<string>`0`).as('credit'),
        invest: (withSums ? sql<string>`coalesce(sum(${leads.invest}), 0)` : sql<string>`0`).as('invest'),
      };
      const fresh = (
        byFranchise ? freshOfOneFranchise(db, filter, sums, withSums) : freshLeads(db, filter, sums)
      ).as('fresh');
      return {
        query: db
          .select({
            contractStatus: pipelineStatuses.contractStatus,
            count: fresh.count,
            credit: fresh.credit,
            invest: fresh.invest,
          })
          .from(pipelineStatuses)
          .innerJoinLateral(fresh, sql`true`)
          .where(isNotNull(pipelineStatuses.staleAfterDays)),
        mapRows: toStatusTotalsRows,
      };
    },
    filter.values,
  );
}

type FreshSums = {
  count: SQL.Aliased<number>;
  credit: SQL.Aliased<string>;
  invest: SQL.Aliased<string>;
};

/** Entered the status of the `pipeline_statuses` row being read after its cutoff. */
const enteredAfterCutoff = (status: AnyPgColumn, changedAt: AnyPgColumn) =>
  and(
    eq(status, pipelineStatuses.contractStatus),
    sql`${changedAt} >= now() - make_interval(days => ${pipelineStatuses.staleAfterDays})`,
  );

/** The fresh leads, from the leads' (contract_status, status_changed_at) index. */
const freshLeads = (db: Database, filter: LeadFilter, sums: FreshSums) =>
  db
    .select(sums)
    .from(leads)
    .where(and(enteredAfterCutoff(leads.contractStatus, leads.statusChangedAt), leadFilterCondition(filter)));

/**
 * The fresh leads of the one franchise the filter names, from its links' statuses (one index
 * range, index-only for the count; the sums visit those leads by their key).
 */
function freshOfOneFranchise(db: Database, filter: LeadFilter, sums: FreshSums, withSums: boolean) {
  const where = and(
    enteredAfterCutoff(leadFranchiseStatuses.contractStatus, leadFranchiseStatuses.statusChangedAt),
    dimensionsWhere(leadFranchiseStatuses, filter, leadFranchiseStatuses.franchiseId),
  );
  const links = db.select(sums).from(leadFranchiseStatuses);
  return (withSums ? links.innerJoin(leads, eq(leads.id, leadFranchiseStatuses.leadId)) : links).where(where);
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
    // The sums of the fresh leads only matter when the answer is split by `stale`.
    freshTotalsByStatus(db, dimensions, filters.stale !== undefined),
  ]);
  return splitByStaleness(running, fresh, settings, filters.stale);
}
