import type { PipelineReport, ReportGroup } from '@funil/shared';
import type { TFunction } from 'i18next';
import type { ReportFigures } from './report-figures';
import { groupLabel } from './report-labels';

/** A table as the page shows it and the CSV export writes it: header cells, then rows of text. */
export type ReportTableData = { headers: string[]; rows: string[][] };

/** One row per group: created, won and lost with their credit, conversion, days to sign. */
export function outcomesTable(
  report: PipelineReport,
  group: ReportGroup,
  figures: ReportFigures,
  t: TFunction<'reports'>,
): ReportTableData {
  return {
    headers: [
      t(`group.${group}`),
      t('columns.created'),
      t('columns.won'),
      t('columns.wonCredit'),
      t('columns.lost'),
      t('columns.lostCredit'),
      t('columns.conversion'),
      t('columns.avgDays'),
    ],
    rows: report.groups.map((row) => [
      groupLabel(row, group, figures.language, t(`unassigned.${group}`)),
      figures.count(row.created),
      figures.count(row.won),
      figures.money(row.won_credit),
      figures.count(row.lost),
      figures.money(row.lost_credit),
      figures.conversion(row.conversion),
      figures.days(row.avg_days_to_sign),
    ]),
  };
}

/** The period's lost reasons, most frequent first. */
export function lostReasonsTable(
  report: PipelineReport,
  figures: ReportFigures,
  t: TFunction<'reports'>,
): ReportTableData {
  return {
    headers: [t('reasons.reason'), t('reasons.count')],
    rows: report.lost_reasons.map(({ reason, count }) => [reason, figures.count(count)]),
  };
}
