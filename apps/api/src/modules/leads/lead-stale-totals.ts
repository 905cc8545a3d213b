import { type LeadFilters, splitByStaleness, type StatusSettings, type StatusTotalsRow } from '@funil/shared';
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isAnyOfJson } from '../../db/any-of-json';
import { readRows, sqlStatement } from '../../db/read-rows';
import { leadFranchiseStatuses, leads, leadStatusDays, pipelineStatuses } from '../../db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  andLeadFilterCondition,
  filterPlaceholder,
  type LeadFilter,
  leadFilter,
  leadFilterCondition,
  type LeadFilterName,
} from './lead-filters';
import { dimensionsWhere, runningTotalsByStatus } from './lead-running-totals';
import { toStatusTotalsRows } from './lead-totals';

/**
 * Stale counts and the "parados" filter on top of the running totals, without scanning the leads.
 * A status with `stale_after_days` splits its leads at the cutoff (now − those days): the fresh
 * ones entered it after the cutoff, and the stale ones are the running totals minus them. A status
 * without a threshold has no stale lead. The fresh leads come, by the filters in use, from
 * `lead_status_days` (none but the status and year), from one franchise's links' statuses, or
 * from the leads' (contract_status, status_changed_at) index.
 */

/**
 * The fresh leads of each status that has a threshold, under `filter`: their count, and with
 * `withSums` their credit and invest. By day when the filters allow it; otherwise one index range
 * per status (a LATERAL subquery, so the
 * planner reads `(contract_status, status_changed_at)` status by status instead of joining the
 * whole table), index-only: the index carries the dimensions and the amounts. Under a filter
 * naming one franchise, the same range of that franchise's links (`lead_franchise_statuses`).
 */
function freshTotalsByStatus(
  db: Database,
  filter: LeadFilter,
  withSums: boolean,
): Promise<StatusTotalsRow[]> {
  if (hasDayBuckets(filter)) return freshTotalsFromDays(db, filter);
  const byFranchise = filter.names.includes('franchise');
  return readRows(
    db,
    `fresh_totals_by_status|${withSums ? 'sums' : 'count'}|${filter.key}`,
    () => {
      const fresh = (
        byFranchise ? freshOfOneFranchise(db, filter, withSums) : freshLeads(db, filter, withSums)
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

/** The fresh leads' count, and their sums when `withSums` (else zeros: the count alone stays index-only). */
const freshSums = (withSums: boolean, credit: AnyPgColumn, invest: AnyPgColumn) => ({
  count: sql<number>`count(*)`.as('count'),
  credit: (withSums ? sql<string>`coalesce(sum(${credit}), 0)` : sql<string>`0`).as('credit'),
  invest: (withSums ? sql<string>`coalesce(sum(${invest}), 0)` : sql<string>`0`).as('invest'),
});

/** Entered the status of the `pipeline_statuses` row being read after its cutoff. */
const enteredAfterCutoff = (status: AnyPgColumn, changedAt: AnyPgColumn) =>
  and(
    eq(status, pipelineStatuses.contractStatus),
    sql`${changedAt} >= now() - make_interval(days => ${pipelineStatuses.staleAfterDays})`,
  );

/** The fresh leads, from the leads' (contract_status, status_changed_at) index. */
const freshLeads = (db: Database, filter: LeadFilter, withSums: boolean) =>
  db
    .select(freshSums(withSums, leads.credit, leads.invest))
    .from(leads)
    .where(and(enteredAfterCutoff(leads.contractStatus, leads.statusChangedAt), leadFilterCondition(filter)));

/** The fresh leads of the one franchise the filter names, from its links' statuses' index. */
const freshOfOneFranchise = (db: Database, filter: LeadFilter, withSums: boolean) =>
  db
    .select(freshSums(withSums, leadFranchiseStatuses.credit, leadFranchiseStatuses.invest))
    .from(leadFranchiseStatuses)
    .where(
      and(
        enteredAfterCutoff(leadFranchiseStatuses.contractStatus, leadFranchiseStatuses.statusChangedAt),
        dimensionsWhere(leadFranchiseStatuses, filter, leadFranchiseStatuses.franchiseId),
      ),
    );

/** The filters `lead_status_days` has a column for: none but the status and the prospectus year. */
const DAY_CONDITIONS: Partial<Record<LeadFilterName, SQL>> = {
  contract_status: sql`and d.contract_status = ${filterPlaceholder('contract_status')}`,
  contract_statuses: sql`and ${isAnyOfJson(sql`d.contract_status`, filterPlaceholder('contract_statuses'))}`,
  prospectus_year: sql`and d.prospectus_year = ${filterPlaceholder('prospectus_year')}`,
};

const hasDayBuckets = (filter: LeadFilter) =>
  filter.names.every((name) => DAY_CONDITIONS[name] !== undefined);

/**
 * The fresh leads of each status with a threshold, with no filter but the status and the year:
 * the days after the cutoff's UTC day from `lead_status_days` (a row per day and year), and the
 * cutoff's own day, from the cutoff on, from the leads' (contract_status, status_changed_at)
 * index. A few dozen rows per status however many deals moved lately.
 */
function freshTotalsFromDays(db: Database, filter: LeadFilter): Promise<StatusTotalsRow[]> {
  return readRows(
    db,
    `fresh_totals_from_days|${filter.key}`,
    () => {
      const cutoff = sql`(now() - make_interval(days => ps.stale_after_days))`;
      const cutoffDay = sql`((${cutoff} at time zone 'UTC')::date)`;
      return {
        query: sqlStatement(sql`select ps.contract_status, f.count, f.credit, f.invest
          from ${pipelineStatuses} as ps cross join lateral (
            select coalesce(sum(x.lead_count), 0) as count, coalesce(sum(x.credit), 0) as credit,
              coalesce(sum(x.invest), 0) as invest
            from (
              select d.lead_count, d.credit, d.invest from ${leadStatusDays} as d
              where d.contract_status = ps.contract_status and d.day > ${cutoffDay}
                ${sql.join(
                  filter.names.map((name) => DAY_CONDITIONS[name] ?? sql``),
                  sql` `,
                )}
              union all
              select 1, ${leads.credit}, ${leads.invest} from ${leads}
              where ${leads.contractStatus} = ps.contract_status and ${leads.statusChangedAt} >= ${cutoff}
                and ${leads.statusChangedAt} < (${cutoffDay} + 1)::timestamp at time zone 'UTC'
                ${andLeadFilterCondition(filter)}
            ) as x
          ) as f
          where ps.stale_after_days is not null`),
        mapRows: toStatusTotalsRows,
      };
    },
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
    // The sums of the fresh leads only matter when the answer is split by `stale`.
    freshTotalsByStatus(db, dimensions, filters.stale !== undefined),
  ]);
  return splitByStaleness(running, fresh, settings, filters.stale);
}
