import type { PipelineReport, ReportGroup } from '@funil/shared';
import type { TFunction } from 'i18next';
import type { ReportFigures } from './report-figures';
import { groupLabel } from './report-labels';

/**
 * What a column holds, which says how it is written: on screen in the language's formats, in a
 * CSV as a plain number (see report-csv.ts). `ratio` is a fraction from 0 to 1.
 */
export type FigureKind = 'count' | 'money' | 'ratio' | 'days';

export type ReportColumn = {
  header: string;
  kind: FigureKind;
  /** The CSV's header, when the number written there needs its unit named ("Conversão (%)"). */
  csvHeader?: string;
};

export type ReportTableRow = {
  /** What the row is, as the page shows it: "março 2026", an executive's name. */
  label: string;
  /** What the row is in a CSV: a month as `2026-03`, otherwise the label. */
  csvLabel: string;
  /** One figure per column; null where the period has none (no conversion without an outcome). */
  values: (number | null)[];
};

/** A table's figures as numbers: the first column names the rows, the others hold figures. */
export type ReportTableData = {
  labelHeader: string;
  columns: ReportColumn[];
  rows: ReportTableRow[];
};

/** One row per group: created, won and lost with their credit, conversion, days to sign. */
export function outcomesTable(
  report: PipelineReport,
  group: ReportGroup,
  figures: ReportFigures,
  t: TFunction<'reports'>,
): ReportTableData {
  const unassigned = t(`unassigned.${group}`);
  return {
    labelHeader: t(`group.${group}`),
    columns: [
      { header: t('columns.created'), kind: 'count' },
      { header: t('columns.won'), kind: 'count' },
      { header: t('columns.wonCredit'), kind: 'money' },
      { header: t('columns.lost'), kind: 'count' },
      { header: t('columns.lostCredit'), kind: 'money' },
      { header: t('columns.conversion'), kind: 'ratio', csvHeader: t('columns.conversionPercent') },
      { header: t('columns.avgDays'), kind: 'days' },
    ],
    rows: report.groups.map((row) => ({
      label: groupLabel(row, group, figures.language, unassigned),
      csvLabel: group === 'month' && row.key ? row.key : (row.label ?? unassigned),
      values: [
        row.created,
        row.won,
        row.won_credit,
        row.lost,
        row.lost_credit,
        row.conversion,
        row.avg_days_to_sign,
      ],
    })),
  };
}

/** The period's lost reasons, most frequent first. */
export function lostReasonsTable(report: PipelineReport, t: TFunction<'reports'>): ReportTableData {
  return {
    labelHeader: t('reasons.reason'),
    columns: [{ header: t('reasons.count'), kind: 'count' }],
    rows: report.lost_reasons.map(({ reason, count }) => ({
      label: reason,
      csvLabel: reason,
      values: [count],
    })),
  };
}

/** How the page writes each kind of figure; a figure the period has none of is a dash. */
function showFigure(figures: ReportFigures, kind: FigureKind, value: number | null): string {
  if (kind === 'ratio') return figures.conversion(value);
  if (kind === 'days') return figures.days(value);
  if (value === null) return '—';
  return kind === 'money' ? figures.money(value) : figures.count(value);
}

/** The table as the page shows it: header cells, then rows of text in the language's formats. */
export function displayTable(
  table: ReportTableData,
  figures: ReportFigures,
): { headers: string[]; rows: string[][] } {
  return {
    headers: [table.labelHeader, ...table.columns.map((column) => column.header)],
    rows: table.rows.map((row) => [
      row.label,
      ...row.values.map((value, index) => showFigure(figures, table.columns[index]!.kind, value)),
    ]),
  };
}
