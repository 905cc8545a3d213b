import { csvNumber } from '@/lib/csv';
import type { FigureKind, ReportTableData } from './report-tables';

/**
 * How each kind of figure is written in a CSV, so a spreadsheet reads a number: counts as
 * integers, money with its two decimals (cents), a ratio as a percent with one decimal, days with
 * one decimal. Never a currency sign, a thousands separator or a "%".
 */
const CSV_FIGURE: Record<FigureKind, { scale: number; decimals: number }> = {
  count: { scale: 1, decimals: 0 },
  money: { scale: 1, decimals: 2 },
  ratio: { scale: 100, decimals: 1 },
  days: { scale: 1, decimals: 1 },
};

/**
 * A report table as CSV rows: the translated headers (with the unit where the number needs one),
 * then per row its CSV label (a month as `2026-03`) and its figures as plain numbers with the
 * language's decimal mark; a figure the period has none of is an empty cell.
 */
export function reportCsvRows(table: ReportTableData, language: string | undefined): string[][] {
  return [
    [table.labelHeader, ...table.columns.map((column) => column.csvHeader ?? column.header)],
    ...table.rows.map((row) => [
      row.csvLabel,
      ...row.values.map((value, index) => {
        const { scale, decimals } = CSV_FIGURE[table.columns[index]!.kind];
        return csvNumber(value === null ? null : value * scale, decimals, language);
      }),
    ]),
  ];
}
