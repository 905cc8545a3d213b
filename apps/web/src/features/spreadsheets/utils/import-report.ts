import type { ImportResult, ImportRowAction, SpreadsheetKind } from '@funil/shared';
import { contactSkippedRows } from './preview-counts';
import { rowName } from './preview-columns';

/** The words of the report's header and results, in the user's language. */
export type ReportLabels = {
  row: string;
  name: string;
  result: string;
  field: string;
  message: string;
  results: Record<ImportRowAction, string>;
  /** A written row's result when its contact was not: "Criado, contato não importado". */
  withoutContact: (result: string) => string;
  /** A field's column header; a problem of the whole row has no field. */
  fieldLabel: (field: string | null) => string;
};

type Issue = ImportResult['skipped'][number]['issues'][number];

/** A skipped entry's problems: all of them, or its first one when it lists none. */
export function entryIssues(entry: ImportResult['skipped'][number]): Issue[] {
  return entry.issues.length > 0 ? entry.issues : [{ field: entry.field, message: entry.message }];
}

/**
 * The report's lines: a header, then each row of the file with the record it names and what the
 * import did with it — one line per problem for a row that has problems, one line for a row
 * without. A row written without its contact says so. The skipped rows the preview does not hold
 * (none, normally) are added from `skipped`, so no problem is lost.
 */
export function reportRows(kind: SpreadsheetKind, result: ImportResult, labels: ReportLabels): string[][] {
  const lines: string[][] = [[labels.row, labels.name, labels.result, labels.field, labels.message]];
  const names = new Map(result.skipped.map((entry) => [entry.row, entry.name]));
  const withoutContact = contactSkippedRows(result.skipped);
  const rowsInPreview = new Set<number>();
  for (const row of result.preview) {
    rowsInPreview.add(row.row);
    const name = names.get(row.row) ?? rowName(kind, row.values) ?? '';
    const action = labels.results[row.action];
    const outcome = withoutContact.has(row.row) ? labels.withoutContact(action) : action;
    if (row.issues.length === 0) lines.push([String(row.row), name, outcome, '', '']);
    for (const issue of row.issues) {
      lines.push([String(row.row), name, outcome, labels.fieldLabel(issue.field), issue.message]);
    }
  }
  for (const entry of result.skipped) {
    if (rowsInPreview.has(entry.row)) continue;
    const outcome =
      entry.part === 'contact' ? labels.withoutContact(labels.results.create) : labels.results.skip;
    for (const issue of entryIssues(entry)) {
      lines.push([
        String(entry.row),
        entry.name ?? '',
        outcome,
        labels.fieldLabel(issue.field),
        issue.message,
      ]);
    }
  }
  return lines;
}

/** A row with something not written, as the report step lists it. */
export type NotImportedRow = {
  row: number;
  /** The record the row names; null when it names none. */
  name: string | null;
  /** 'row': nothing of it written; 'contact': its record written without its contact. */
  part: 'row' | 'contact';
  /** What was done with the record of a 'contact' row (created or updated); null for a 'row'. */
  written: Exclude<ImportRowAction, 'skip'> | null;
  issues: Issue[];
};

/**
 * The answer's `skipped` entries, each with the name of its record (the answer's, else read from
 * the row's values) and, for a row whose contact alone was left out, what became of its record.
 */
export function notImportedRows(kind: SpreadsheetKind, result: ImportResult): NotImportedRow[] {
  const preview = new Map(result.preview.map((row) => [row.row, row]));
  return result.skipped.map((entry) => {
    const row = preview.get(entry.row);
    const action = row?.action;
    return {
      row: entry.row,
      name: entry.name ?? (row ? rowName(kind, row.values) : null),
      part: entry.part,
      written: entry.part === 'contact' ? (action && action !== 'skip' ? action : 'create') : null,
      issues: entryIssues(entry),
    };
  });
}
