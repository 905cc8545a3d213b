import {
  fromCents,
  type PipelineReport,
  type ReportGroup,
  type ReportQuery,
  type ReportRow,
  toCents,
} from '@funil/shared';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { leads, leadStatusChanges, platforms, users, verticals } from '../../db/schema';
import { leadFilter, leadFilterCondition } from '../leads/lead-filters';

/**
 * GET /api/reports/pipeline: per month, executive, vertical or platform, the leads created, won
 * (reached `assinado`) and lost (moved to `declinado` or `cancelado`) in a period, from the
 * pipeline history. A lead counts once per outcome however often it moved there in the period
 * (its first such move); its executive, vertical, platform and credit are its current ones. Months
 * are calendar months in the request's time zone, and the period's days too.
 */

const PERIOD_START = sql`(${sql.placeholder('from')}::date::timestamp at time zone ${sql.placeholder('tz')})`;
const PERIOD_END = sql`((${sql.placeholder('to')}::date + 1)::timestamp at time zone ${sql.placeholder('tz')})`;

const inPeriod = (at: SQLWrapper) => sql`${at} >= ${PERIOD_START} and ${at} < ${PERIOD_END}`;

/**
 * The group's key and label for a lead (`at`: the instant a month groups by), and the record the
 * label comes from, joined on `leads`.
 */
function groupOf(group: ReportGroup, at: SQLWrapper) {
  switch (group) {
    case 'month': {
      const month = sql`to_char(${at} at time zone ${sql.placeholder('tz')}, 'YYYY-MM')`;
      return { key: month, label: month, labels: undefined };
    }
    case 'executive':
      return {
        key: sql`${leads.executiveId}::text`,
        label: sql`${users.name}`,
        labels: { table: users, on: eq(users.id, leads.executiveId) },
      };
    case 'vertical':
      return {
        key: sql`${leads.verticalId}::text`,
        label: sql`${verticals.label}`,
        labels: { table: verticals, on: eq(verticals.id, leads.verticalId) },
      };
    case 'platform':
      return {
        key: sql`${leads.platformId}::text`,
        label: sql`${platforms.label}`,
        labels: { table: platforms, on: eq(platforms.id, leads.platformId) },
      };
  }
}

/** A select with the group's label joined (left: a lead may have no executive). */
const withLabels = <Q extends { leftJoin: (table: never, on: SQL) => unknown }>(
  query: Q,
  labels: ReturnType<typeof groupOf>['labels'],
): Q => (labels ? (query.leftJoin(labels.table as never, labels.on) as Q) : query);

type Counted = { key: string | null; label: string | null };
type CreatedRow = Counted & { created: number };
type OutcomeRow = Counted & {
  won: number;
  wonCredit: string;
  lost: number;
  lostCredit: string;
  daysToSign: string | null;
};

/** Leads created in the period, per group. */
function createdPerGroup(db: Database, query: ReportQuery) {
  const filter = leadFilter(query);
  return readRows(
    db,
    `report_created|${query.group_by}|${filter.key}`,
    () => {
      const { key, label, labels } = groupOf(query.group_by, leads.createdAt);
      const select = db
        .select({ key: sql`${key}`, label: sql`${label}`, created: sql`count(*)::int` })
        .from(leads)
        .$dynamic();
      return {
        query: withLabels(select, labels)
          .where(sql`${inPeriod(leads.createdAt)} ${andFilters(filter)}`)
          .groupBy(sql`1, 2`),
        mapRows: (rows: unknown[][]): CreatedRow[] =>
          rows.map(([key, label, created]) => ({
            key: key as string | null,
            label: label as string | null,
            created: Number(created),
          })),
      };
    },
    { ...filter.values, ...periodValues(query) },
  );
}

/**
 * Won and lost leads per group: each lead's first move to `assinado`, and its first to
 * `declinado` or `cancelado`, in the period; their credit; the days from creation to signature.
 */
function outcomesPerGroup(db: Database, query: ReportQuery) {
  const filter = leadFilter(query);
  return readRows(
    db,
    `report_outcomes|${query.group_by}|${filter.key}`,
    () => {
      const moves = sql`(select ${leadStatusChanges.leadId} as lead_id,
          ${leadStatusChanges.toStatus} = 'assinado' as won, min(${leadStatusChanges.createdAt}) as at
        from ${leadStatusChanges}
        where ${leadStatusChanges.toStatus} in ('assinado', 'declinado', 'cancelado')
          and ${inPeriod(leadStatusChanges.createdAt)}
        group by 1, 2) as moves`;
      const { key, label, labels } = groupOf(query.group_by, sql`moves.at`);
      const select = db
        .select({
          key: sql`${key}`,
          label: sql`${label}`,
          won: sql`count(*) filter (where moves.won)::int`,
          wonCredit: sql`coalesce(sum(${leads.credit}) filter (where moves.won), 0)`,
          lost: sql`count(*) filter (where not moves.won)::int`,
          lostCredit: sql`coalesce(sum(${leads.credit}) filter (where not moves.won), 0)`,
          daysToSign: sql`avg(extract(epoch from moves.at - ${leads.createdAt}) / 86400) filter (where moves.won)`,
        })
        .from(moves)
        .innerJoin(leads, sql`${leads.id} = moves.lead_id`)
        .$dynamic();
      return {
        query: withLabels(select, labels)
          .where(sql`true ${andFilters(filter)}`)
          .groupBy(sql`1, 2`),
        mapRows: (rows: unknown[][]): OutcomeRow[] =>
          rows.map(([key, label, won, wonCredit, lost, lostCredit, daysToSign]) => ({
            key: key as string | null,
            label: label as string | null,
            won: Number(won),
            wonCredit: String(wonCredit),
            lost: Number(lost),
            lostCredit: String(lostCredit),
            daysToSign: daysToSign === null ? null : String(daysToSign),
          })),
      };
    },
    { ...filter.values, ...periodValues(query) },
  );
}

/** The reasons given for lost deals in the period, most frequent first. */
function lostReasons(db: Database, query: ReportQuery) {
  const filter = leadFilter(query);
  return readRows(
    db,
    `report_lost_reasons|${filter.key}`,
    () => ({
      query: db
        .select({ reason: leadStatusChanges.reason, count: sql`count(*)::int` })
        .from(leadStatusChanges)
        .innerJoin(leads, sql`${leads.id} = ${leadStatusChanges.leadId}`)
        .where(
          sql`${leadStatusChanges.toStatus} in ('declinado', 'cancelado') and ${leadStatusChanges.reason} is not null
            and ${inPeriod(leadStatusChanges.createdAt)} ${andFilters(filter)}`,
        )
        .groupBy(leadStatusChanges.reason)
        .orderBy(sql`2 desc, 1`)
        .limit(10),
      mapRows: (rows: unknown[][]) =>
        rows.map(([reason, count]) => ({ reason: reason as string, count: Number(count) })),
    }),
    { ...filter.values, ...periodValues(query) },
  );
}

const andFilters = (filter: ReturnType<typeof leadFilter>) => {
  const condition = leadFilterCondition(filter);
  return condition ? sql`and ${condition}` : sql``;
};

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
  const [created, outcomes, reasons] = await Promise.all([
    createdPerGroup(db, query),
    outcomesPerGroup(db, query),
    lostReasons(db, query),
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
  for (const row of created) groupFor(row).created += row.created;
  for (const row of outcomes) {
    const group = groupFor(row);
    group.won += row.won;
    group.lost += row.lost;
    group.wonCents += toCents(row.wonCredit);
    group.lostCents += toCents(row.lostCredit);
    group.daysSum += row.won * Number(row.daysToSign ?? 0);
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
