import type { ReportGroup } from '@funil/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  type pipelineReportDays,
  type pipelineReportReasonDays,
  type ReportDimension,
} from '../../db/schema';
import { filterPlaceholder, type LeadFilter, type LeadFilterName } from '../leads/lead-filters';

/** The lead filters that name one of the rollup's dimension values. */
const DIMENSION_FILTERS = ['executive', 'vertical', 'platform'] as const satisfies LeadFilterName[];
type DimensionFilter = (typeof DIMENSION_FILTERS)[number];

const isDimensionFilter = (name: LeadFilterName): name is DimensionFilter =>
  (DIMENSION_FILTERS as readonly LeadFilterName[]).includes(name);

/** Which rows of the rollup answer a report: one dimension's, possibly one value of it. */
export type RollupRead = { dimension: ReportDimension; only: DimensionFilter | null };

/**
 * Whether the rollup can answer a report grouped by `group` under `filter`, and how. It holds each
 * dimension alone, not their combinations: it answers no filter at all, or one executive, vertical
 * or platform with the report by month or by that same dimension. Anything else (two filters, a
 * franchise, a status, a search…) is answered from the leads. A filter added to the list one day
 * is outside the rollup until someone adds it here, so it can never be silently ignored.
 */
export function rollupFor(group: ReportGroup, filter: LeadFilter): RollupRead | null {
  const [only, ...others] = filter.names;
  if (only === undefined) return { dimension: group === 'month' ? 'all' : group, only: null };
  if (others.length > 0 || !isDimensionFilter(only)) return null;
  if (group !== 'month' && group !== only) return null;
  return { dimension: only, only };
}

/**
 * The rows of one of the rollup's tables (`pipeline_report_days`, `pipeline_report_reason_days`)
 * for `read`, on the whole UTC days of the span `s` (report-periods.ts).
 */
export const rollupRowsOfSpan = (
  table: typeof pipelineReportDays | typeof pipelineReportReasonDays,
  read: RollupRead,
): SQL =>
  sql`select * from ${table} as r
    where r.dimension = ${sql.raw(`'${read.dimension}'`)} and r.day >= s.first_day and r.day < s.end_day
    ${read.only === null ? sql`` : sql`and r.dimension_id = ${filterPlaceholder(read.only)}`}`;
