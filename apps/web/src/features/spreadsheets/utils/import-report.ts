import type { ImportResult, ImportRowAction } from '@funil/shared';

/** The words of the report's header and results, in the user's language. */
export type ReportLabels = {
  row: string;
  result: string;
  field: string;
  message: string;
  results: Record<ImportRowAction, string>;
  /** A field's column header; a problem of the whole row has no field. */
  fieldLabel: (field: string | null) => string;
};

/**
 * The report's lines: a header, then each row of the file with what the import did with it — one
 * line per problem for a row that has problems, one line for a row without. The skipped rows the
 * preview does not hold (none, normally) are added from `skipped`, so no reason is lost.
 */
export function reportRows(result: ImportResult, labels: ReportLabels): string[][] {
  const lines: string[][] = [[labels.row, labels.result, labels.field, labels.message]];
  const rowsInPreview = new Set<number>();
  for (const row of result.preview) {
    rowsInPreview.add(row.row);
    const outcome = labels.results[row.action];
    if (row.issues.length === 0) lines.push([String(row.row), outcome, '', '']);
    for (const issue of row.issues) {
      lines.push([String(row.row), outcome, labels.fieldLabel(issue.field), issue.message]);
    }
  }
  for (const skipped of result.skipped) {
    if (rowsInPreview.has(skipped.row)) continue;
    lines.push([String(skipped.row), labels.results.skip, labels.fieldLabel(skipped.field), skipped.message]);
  }
  return lines;
}
