import type { LeadFilters } from '@funil/shared';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { isAnyOfJson } from '../../db/any-of-json';
import { brands, franchises, leadFranchises, leads, offerings, pipelineStatuses } from '../../db/schema';
import { containsNormalisedPattern, containsTextPattern, escapeLike } from '../../lib/like';

/** A filter's value as its statement's parameter: plain values only (lists travel as JSON text). */
type FilterValue = string | number | boolean;

type FilterDefinition = {
  /** The parameter's value when the filter is in use, else undefined. */
  value: (filters: LeadFilters) => FilterValue | undefined;
  /** The condition on `leads`, the value being `parameter`. */
  condition: (parameter: SQLWrapper) => SQL;
};

const statuses = (filters: LeadFilters) => filters.contract_status ?? [];

/**
 * Every lead filter: how it reads its value and the condition it puts on `leads`. Conditions read
 * only `leads` and subqueries, never a join, so a count or a GROUP BY runs over the leads table
 * alone and each query is free to join what it shows.
 */
const FILTERS = {
  brand_id: { value: (f) => f.brand_id, condition: (p) => eq(leads.brandId, p) },
  assessment: {
    value: (f) => (f.assessment ? escapeLike(f.assessment) : undefined),
    condition: (p) => containsTextPattern(leads.assessment, p),
  },
  vertical: { value: (f) => f.vertical, condition: (p) => eq(leads.verticalId, p) },
  quota: { value: (f) => f.quota, condition: (p) => eq(leads.quotaId, p) },
  platform: { value: (f) => f.platform, condition: (p) => eq(leads.platformId, p) },
  executive: { value: (f) => f.executive, condition: (p) => eq(leads.executiveId, p) },
  prospectus_year: { value: (f) => f.prospectus_year, condition: (p) => eq(leads.prospectusYear, p) },
  // One status (a board column) compares plainly, so the planner knows which status it reads.
  contract_status: {
    value: (f) => (statuses(f).length === 1 ? statuses(f)[0] : undefined),
    condition: (p) => eq(leads.contractStatus, p),
  },
  contract_statuses: {
    value: (f) => (statuses(f).length > 1 ? JSON.stringify(statuses(f)) : undefined),
    condition: (p) => isAnyOfJson(leads.contractStatus, p),
  },
  exchange: { value: (f) => f.exchange, condition: (p) => eq(leads.exchange, p) },
  rouanet_law: { value: (f) => f.rouanet_law, condition: (p) => eq(leads.rouanetLaw, p) },
  franchise: {
    value: (f) => (f.franchise?.length ? JSON.stringify(f.franchise) : undefined),
    condition: (p) => hasAnyFranchise(p),
  },
  search: {
    value: (f) => (f.search ? escapeLike(f.search) : undefined),
    condition: (p) => brandNameContains(p),
  },
  stale: { value: (f) => f.stale, condition: (p) => sql`${isStale()} = ${p}` },
  offering: { value: (f) => f.offering, condition: (p) => takesOffering(p) },
  // `task`: three conditions, so each statement says which one it reads. An open task is a
  // `next_task_due_at` (kept with `open_tasks` by the tasks' triggers), which its partial index holds.
  task_overdue: {
    value: (f) => (f.task === 'overdue' ? true : undefined),
    condition: () => sql`${leads.nextTaskDueAt} < now()`,
  },
  task_open: {
    value: (f) => (f.task === 'open' ? true : undefined),
    condition: () => sql`${leads.nextTaskDueAt} is not null`,
  },
  task_none: {
    value: (f) => (f.task === 'none' ? true : undefined),
    condition: () => sql`${leads.nextTaskDueAt} is null`,
  },
} satisfies Record<string, FilterDefinition>;

export type LeadFilterName = keyof typeof FILTERS;

/** The placeholder a filter's value goes in. */
export const filterPlaceholder = (name: LeadFilterName) => sql.placeholder(`f_${name}`);

/** The filters in use: which they are (part of a statement's key) and their values by placeholder. */
export type LeadFilter = {
  names: readonly LeadFilterName[];
  key: string;
  values: Record<string, FilterValue>;
};

export function leadFilter(filters: LeadFilters): LeadFilter {
  const names: LeadFilterName[] = [];
  const values: Record<string, FilterValue> = {};
  for (const [name, definition] of Object.entries(FILTERS) as [LeadFilterName, FilterDefinition][]) {
    const value = definition.value(filters);
    if (value === undefined || value === '') continue;
    names.push(name);
    values[`f_${name}`] = value;
  }
  return { names, key: names.join(','), values };
}

/** The WHERE on `leads` for the filters in use, their values as placeholders. */
export const leadFilterCondition = (filter: LeadFilter): SQL | undefined =>
  and(...filter.names.map((name) => FILTERS[name].condition(filterPlaceholder(name))));

/**
 * The same condition as a clause to append to raw SQL after other conditions: `and …`, or nothing
 * when no filter is in use.
 */
export const andLeadFilterCondition = (filter: LeadFilter): SQL => {
  const condition = leadFilterCondition(filter);
  return condition ? sql`and ${condition}` : sql``;
};

/**
 * Leads in any of the named franchises. The names become ids once (an InitPlan), so the planner
 * knows it is matching `franchise_id` and can read lead_franchises by its franchise_id index for a
 * count or a summary, or by its primary key (lead_id, franchise_id) lead by lead for a page:
 * joining franchises by name inside the EXISTS hid that and took a summary of 1M leads from
 * 155 ms to 366 ms.
 */
const hasAnyFranchise = (names: SQLWrapper) =>
  sql`exists (select 1 from ${leadFranchises} where ${leadFranchises.leadId} = ${leads.id}
    and ${leadFranchises.franchiseId} = any(array(select ${franchises.id} from ${franchises} where ${isAnyOfJson(franchises.name, names)})))`;

/**
 * `offering`: the leads that take that offering (whatever their status): its year, vertical,
 * platform and quota — each compared with a value read once (an InitPlan), so the leads' own
 * indexes serve it — and, for a praça's offering, that praça among theirs.
 */
const takesOffering = (id: SQLWrapper) => {
  const offeringColumn = (column: SQLWrapper) =>
    sql`(select ${column} from ${offerings} where ${offerings.id} = ${id})`;
  return sql`${leads.prospectusYear} = ${offeringColumn(offerings.prospectusYear)}
    and ${leads.verticalId} = ${offeringColumn(offerings.verticalId)}
    and ${leads.platformId} = ${offeringColumn(offerings.platformId)}
    and ${leads.quotaId} = ${offeringColumn(offerings.quotaId)}
    and (${offeringColumn(offerings.franchiseId)} is null or exists (select 1 from ${leadFranchises}
      where ${leadFranchises.leadId} = ${leads.id} and ${leadFranchises.franchiseId} = ${offeringColumn(offerings.franchiseId)}))`;
};

/** `search`: the brand's name, case- and accent-insensitive (the matching brands first, then their leads by brand_id). */
const brandNameContains = (pattern: SQLWrapper) =>
  sql`${leads.brandId} in (select ${brands.id} from ${brands} where ${containsNormalisedPattern(brands.nameSearch, pattern)})`;

/**
 * Whether a lead that entered its status at `changedAt` is stale: longer in it than the status's
 * `staleAfterDays` (never, when that is null). Compared with the statement's `now()`.
 */
export const staleSince = (changedAt: SQLWrapper, staleAfterDays: SQLWrapper): SQL<boolean> =>
  sql<boolean>`coalesce(${changedAt} < now() - make_interval(days => ${staleAfterDays}), false)`;

/** The lead is stale by its status's current setting (read from `pipeline_statuses`, 8 rows). */
const isStale = () =>
  staleSince(
    leads.statusChangedAt,
    sql`(select ${pipelineStatuses.staleAfterDays} from ${pipelineStatuses}
      where ${pipelineStatuses.contractStatus} = ${leads.contractStatus})`,
  );
