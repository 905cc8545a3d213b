import { type ImportDuplicatePolicy, type ImportRowAction, issueMessageKey } from '@funil/shared';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { type CellValue, readCell } from './cell-values';
import type { Sheet } from './read-file';

/** A problem of a row: its field (an import field name, null for the row) and an i18n key. */
export type RowIssue = { field: string | null; key: string; params?: Record<string, unknown> };

/** A data row as read: the cells of the mapped fields and their texts for the answer. */
export type ReadRow = {
  line: number;
  cells: Map<string, CellValue>;
  values: Record<string, string>;
  issues: RowIssue[];
};

/**
 * What an import does with a row, and what it writes when it does (`write`: absent when the row is
 * skipped or unchanged). `issues`: on a skipped row, why; on a row that is written, the part of it
 * that is not (a brand row's principal contact, incomplete or invalid).
 */
export type PlannedRow<W> = {
  line: number;
  values: Record<string, string>;
  issues: RowIssue[];
  action: ImportRowAction;
  write?: W;
};

/**
 * What each kind provides: planning its rows (reads only), writing the planned ones, and the name
 * a person knows a row's record by (null when its cells are empty), for the answer. `refusedField`:
 * the field a row's issue names when the database refuses its write (refused-rows.ts), by the
 * refusal's message key; absent or null, the whole row.
 */
export type KindImporter<W> = {
  plan: (db: Database, rows: ReadRow[], context: PlanContext) => Promise<PlannedRow<W>[]>;
  write: (tx: Database, rows: W[], context: WriteContext) => Promise<void>;
  nameOf: (row: ReadRow) => string | null;
  refusedField?: (key: string) => string | null;
};

export type WriteContext = {
  userId: string | null;
};

export type PlanContext = {
  onDuplicate: ImportDuplicatePolicy;
  delimiter: Sheet['delimiter'];
};

/**
 * The sheet's rows as fields: each mapped column's cell read (trimmed, exported escapes undone).
 * A CSV row whose cells do not line up with the header (more or fewer of them: a `;` typed inside
 * an unquoted cell) has the row issue `row_width`, which says both counts, so the row is skipped:
 * its cells are still read by position, to show and name the row, but nothing of it is written.
 */
export function readRows(sheet: Sheet, columnFields: readonly (string | null)[]): ReadRow[] {
  const width = sheet.headers.length;
  return sheet.rows.map((row) => {
    const cells = new Map<string, CellValue>();
    const values: Record<string, string> = {};
    const issues: RowIssue[] = [];
    if (sheet.format === 'csv' && row.cells.length !== width)
      issues.push({
        field: null,
        key: 'validation:spreadsheet.row_width',
        params: { cells: row.cells.length, header: width },
      });
    columnFields.forEach((field, index) => {
      if (field === null) return;
      const cell = readCell(row.cells[index]);
      values[field] = cell.text;
      cells.set(field, cell);
    });
    return { line: row.line, cells, values, issues };
  });
}

/** The cell of a field ('' when the file has no such column). */
export const cellOf = (row: ReadRow, field: string): CellValue =>
  row.cells.get(field) ?? { text: '', number: null };

/** The text of a field, or undefined when empty (absent for the schemas). */
export const textOf = (row: ReadRow, field: string): string | undefined => {
  const text = cellOf(row, field).text;
  return text === '' ? undefined : text;
};

/**
 * Whether the row fills this field: an update compares and writes filled cells only, so that an
 * empty cell (a hole in someone's sheet) never clears what Funil holds.
 */
export const isFilled = (row: ReadRow, field: string): boolean => cellOf(row, field).text !== '';

/** The row's texts of these fields joined by a space, or null when all are empty. */
export const joinedText = (row: ReadRow, fields: readonly string[]): string | null =>
  fields
    .map((field) => cellOf(row, field).text)
    .filter((text) => text !== '')
    .join(' ') || null;

/**
 * A schema's issues as the row's, each on the import field `fieldOf` names for the schema's
 * path (the API's messages: "CNPJ inválido", "Email inválido"…). Fields that already have an
 * issue (a value that could not be read) keep theirs alone.
 */
export function schemaIssues(
  error: z.ZodError,
  fieldOf: (path: string) => string | null,
  already: readonly RowIssue[],
): RowIssue[] {
  const taken = new Set(already.map((issue) => issue.field));
  const issues: RowIssue[] = [];
  for (const issue of error.issues) {
    const field = fieldOf(String(issue.path[0] ?? ''));
    if (field !== null && taken.has(field)) continue;
    const { key, params } = issueMessageKey(issue);
    issues.push({ field, key, params });
  }
  return issues;
}

/** A row skipped for its issues. */
export const skipped = <W>(row: ReadRow, issues: RowIssue[]): PlannedRow<W> => ({
  line: row.line,
  values: row.values,
  issues,
  action: 'skip',
});

/** Rows of at most `size` items, for statements that take a list. */
export function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
