import type { ImportResult } from '@funil/shared';

export type PreviewCounts = {
  create: number;
  update: number;
  unchanged: number;
  skip: number;
  withIssues: number;
  /** Brand rows written without their principal contact (its data incomplete or invalid). */
  contactsSkipped: number;
  /** Rows the import writes: created and updated (an unchanged row writes nothing). */
  toWrite: number;
};

/**
 * The line numbers of the rows whose record is written without its contact: the answer's
 * `skipped` entries of part 'contact' (the preview row itself says 'create' or 'update').
 */
export function contactSkippedRows(skipped: ImportResult['skipped']): ReadonlySet<number> {
  return new Set(skipped.filter((entry) => entry.part === 'contact').map((entry) => entry.row));
}

/** What the dry run would do with the file's rows, counted per action. */
export function previewCounts(result: Pick<ImportResult, 'preview' | 'skipped'>): PreviewCounts {
  const counts = { create: 0, update: 0, unchanged: 0, skip: 0, withIssues: 0 };
  for (const row of result.preview) {
    counts[row.action] += 1;
    if (row.issues.length > 0) counts.withIssues += 1;
  }
  return {
    ...counts,
    contactsSkipped: contactSkippedRows(result.skipped).size,
    toWrite: counts.create + counts.update,
  };
}

/** The mapped fields in the file's column order, each once: the preview's value columns. */
export function mappedFields(columns: readonly { field: string | null }[]): string[] {
  const fields: string[] = [];
  for (const { field } of columns) if (field !== null && !fields.includes(field)) fields.push(field);
  return fields;
}
