import {
  fromCents,
  type PipelineReport,
  type ReportGroup,
  type ReportQuery,
  type ReportRow,
  toCents,
} from '@funil/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readRows, sqlStatement } from '../../db/read-rows';
import { pipelineReportDays, pipelineReportReasonDays } from '../../db/schema';
import { andLeadFilterCondition, type LeadFilter, leadFilter } from '../leads/lead-filters';
import { MONTHS_OF_PERIOD, segmentsAndEdges, WHOLE_PERIOD } from './report-periods';
import { type RollupRead, rollupFor, rollupRowsOfSpan } from './report-rollup';

/**
 * GET /api/reports/pipeline: per month, executive, vertical or platform, the leads created, won
 * and lost in a period. A deal counts as won when it is signed now (`assinado`) and was signed in
 * the period, as lost when it is declined or cancelled now and got there in the period (the
 * moments `leads.won_at` and `leads.lost_at` keep, cleared when the deal moves out): a move undone,
 * or a deal reopened, leaves the figures; a signed deal cancelled later counts as lost, when it was
 * cancelled. A lead's executive, vertical, platform and credit are its current ones. Months are
 * calendar months in the request's time zone, and the period's days too.
 *
 * Whole UTC days come from the rollup (`pipeline_report_days`: a year is a few thousand rows)
 * whenever it holds the report's filters (report-rollup.ts); the hours at the period's and the
 * months' edges, and every report the rollup cannot answer, from the leads through their
 * `created_at`, `won_at` and `lost_at` indexes.
 */

type Counted = { key: string | null; label: string | null };
type FigureRow = Counted & {
  created: number;
  won: number;
  wonCredit: string;
  wonDays: number;
  lost: number;
  lostCredit: string;
};

/** A lead's group (month: none, the segment's month is the group). */
const LEAD_GROUP: Record<ReportGroup, SQL> = {
  month: sql`null::uuid`,
  executive: sql`leads.executive_id`,
  vertical: sql`leads.vertical_id`,
  platform: sql`leads.platform_id`,
};

/** A group's label, from the group's id `g.group_id`. */
const GROUP_LABEL: Record<Exclude<ReportGroup, 'month'>, SQL> = {
  executive: sql`(select name from users where id = g.group_id)`,
  vertical: sql`(select label from verticals where id = g.group_id)`,
  platform: sql`(select label from platforms where id = g.group_id)`,
};

/**
 * The leads created, won and lost in each edge `e` (report-periods.ts), per group: one index
 * range of `leads` per moment and edge.
 */
function figuresOfEdges(group: ReportGroup, filter: LeadFilter): SQL {
  const by = LEAD_GROUP[group];
  const filters = andLeadFilterCondition(filter);
  return sql`select e.month, x.* from edges e cross join lateral (
      select ${by} as group_id, count(*) as created, 0 as won, 0 as won_credit, 0 as won_days,
        0 as lost, 0 as lost_credit
      from leads where leads.created_at >= e.lo and leads.created_at < e.hi ${filters}
      group by 1
      union all
      select ${by}, 0, count(*), sum(leads.credit),
        sum(extract(epoch from leads.won_at - leads.created_at) / 86400), 0, 0
      from leads where leads.won_at >= e.lo and leads.won_at < e.hi ${filters}
      group by 1
      union all
      select ${by}, 0, 0, 0, 0, count(*), sum(leads.credit)
      from leads where leads.lost_at >= e.lo and leads.lost_at < e.hi ${filters}
      group by 1
    ) as x`;
}

/** The rollup's figures on each span's whole days, per group. */
const figuresOfSpans = (read: RollupRead) =>
  sql`select s.month, r.dimension_id as group_id, r.created, r.won, r.won_credit, r.won_days,
      r.lost, r.lost_credit
    from spans s cross join lateral (${rollupRowsOfSpan(pipelineReportDays, read)}) as r`;

/** Created, won and lost per group, with their credit and the days the won deals took to sign. */
function figuresPerGroup(db: Database, query: ReportQuery, filter: LeadFilter): Promise<FigureRow[]> {
  const read = rollupFor(query.group_by, filter);
  const byMonth = query.group_by === 'month';
  return readRows(
    db,
    `report_figures|${query.group_by}|${read ? `${read.dimension}:${read.only ?? ''}` : 'leads'}|${filter.key}`,
    () => {
      const rows = read
        ? sql`${figuresOfSpans(read)} union all ${figuresOfEdges(query.group_by, filter)}`
        : figuresOfEdges(query.group_by, filter);
      const key = byMonth ? sql`g.month` : sql`g.group_id::text`;
      const label = byMonth ? sql`g.month` : GROUP_LABEL[query.group_by as Exclude<ReportGroup, 'month'>];
      return {
        query:
          sqlStatement(sql`with ${segmentsAndEdges(byMonth ? MONTHS_OF_PERIOD : WHOLE_PERIOD, read !== null)}
          select ${key}, ${label}, g.created, g.won, g.won_credit, g.won_days, g.lost, g.lost_credit
          from (
            select ${byMonth ? sql`month` : sql`group_id`}, sum(created)::bigint as created,
              sum(won)::bigint as won, coalesce(sum(won_credit), 0) as won_credit,
              coalesce(sum(won_days), 0) as won_days, sum(lost)::bigint as lost,
              coalesce(sum(lost_credit), 0) as lost_credit
            from (${rows}) as u
            group by 1
          ) as g`),
        mapRows: (rows: unknown[][]): FigureRow[] =>
          rows.map(([key, label, created, won, wonCredit, wonDays, lost, lostCredit]) => ({
            key: key as string | null,
            label: label as string | null,
            created: Number(created),
            won: Number(won),
            wonCredit: String(wonCredit),
            wonDays: Number(wonDays),
            lost: Number(lost),
            lostCredit: String(lostCredit),
          })),
      };
    },
    { ...filter.values, ...periodValues(query) },
  );
}

/** The reasons given for the deals lost in the period, most frequent first (ten at most). */
function lostReasons(db: Database, query: ReportQuery, filter: LeadFilter) {
  const grouped = rollupFor(query.group_by, filter);
  // Reasons are not grouped: everything's rows, or the one value the report is filtered by.
  const read: RollupRead | null = grouped && { dimension: grouped.only ?? 'all', only: grouped.only };
  return readRows(
    db,
    `report_lost_reasons|${read ? `${read.dimension}` : 'leads'}|${filter.key}`,
    () => {
      // Grouped inside the lateral subquery, which keeps it one index range per edge: a plain
      // one is pulled up into a join of every lost lead with the edges.
      const fromLeads = sql`select x.reason, x.lost from edges e cross join lateral (
          select leads.lost_reason as reason, count(*) as lost from leads
          where leads.lost_at >= e.lo and leads.lost_at < e.hi and leads.lost_reason is not null
            ${andLeadFilterCondition(filter)}
          group by 1
        ) as x`;
      const rows = read
        ? sql`select r.reason, r.lost
            from spans s cross join lateral (${rollupRowsOfSpan(pipelineReportReasonDays, read)}) as r
            union all ${fromLeads}`
        : fromLeads;
      return {
        query: sqlStatement(sql`with ${segmentsAndEdges(WHOLE_PERIOD, read !== null)}
          select reason, sum(lost)::bigint from (${rows}) as u
          group by reason having sum(lost) > 0
          order by 2 desc, 1 limit 10`),
        mapRows: (rows: unknown[][]) =>
          rows.map(([reason, count]) => ({ reason: reason as string, count: Number(count) })),
      };
    },
    { ...filter.values, ...periodValues(query) },
  );
}

const periodValues = (query: ReportQuery) => ({ from: query.from, to: query.to, tz: query.tz ?? 'UTC' });

/** Every month from `from` to `to` (`YYYY-MM`), so a chart by month has no gaps. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const [lastYear, lastMonth] = to.split('-').map(Number) as [number, number];
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

type Sums = {
  created: number;
  won: number;
  lost: number;
  wonCents: bigint;
  lostCents: bigint;
  daysSum: number;
};

const toFigures = (sums: Sums) => ({
  created: sums.created,
  won: sums.won,
  won_credit: fromCents(sums.wonCents),
  lost: sums.lost,
  lost_credit: fromCents(sums.lostCents),
  conversion: sums.won + sums.lost === 0 ? null : round(sums.won / (sums.won + sums.lost), 4),
  avg_days_to_sign: sums.won === 0 ? null : round(sums.daysSum / sums.won, 1),
});

export async function pipelineReport(db: Database, query: ReportQuery): Promise<PipelineReport> {
  const filter = leadFilter(query);
  const [figures, reasons] = await Promise.all([
    figuresPerGroup(db, query, filter),
    lostReasons(db, query, filter),
  ]);
  const groups = new Map<string | null, Counted & Sums>();
  const groupFor = (row: Counted) => {
    let group = groups.get(row.key);
    if (!group) {
      group = {
        key: row.key,
        label: row.label,
        created: 0,
        won: 0,
        lost: 0,
        wonCents: 0n,
        lostCents: 0n,
        daysSum: 0,
      };
      groups.set(row.key, group);
    }
    return group;
  };
  if (query.group_by === 'month') {
    for (const month of monthsOf(query.from, query.to)) groupFor({ key: month, label: month });
  }
  for (const row of figures) {
    const group = groupFor(row);
    group.created += row.created;
    group.won += row.won;
    group.lost += row.lost;
    group.wonCents += toCents(row.wonCredit);
    group.lostCents += toCents(row.lostCredit);
    group.daysSum += row.wonDays;
  }
  const rows = [...groups.values()];
  const total = rows.reduce<Sums>(
    (sum, row) => ({
      created: sum.created + row.created,
      won: sum.won + row.won,
      lost: sum.lost + row.lost,
      wonCents: sum.wonCents + row.wonCents,
      lostCents: sum.lostCents + row.lostCents,
      daysSum: sum.daysSum + row.daysSum,
    }),
    { created: 0, won: 0, lost: 0, wonCents: 0n, lostCents: 0n, daysSum: 0 },
  );
  const ordered: ReportRow[] = rows
    .sort((a, b) => compareGroups(query.group_by, a, b))
    .map((row) => ({ key: row.key, label: row.label, ...toFigures(row) }));
  return {
    group_by: query.group_by,
    from: query.from,
    to: query.to,
    groups: ordered,
    total: toFigures(total),
    lost_reasons: reasons,
  };
}

/** Months in order; other groups by label (case and accents aside), the group without one last. */
function compareGroups(group: ReportGroup, a: Counted, b: Counted): number {
  if (group === 'month') return (a.key ?? '').localeCompare(b.key ?? '');
  if (a.label === null || b.label === null) return a.label === b.label ? 0 : a.label === null ? 1 : -1;
  return a.label.localeCompare(b.label, 'pt-BR', { sensitivity: 'base' });
}
