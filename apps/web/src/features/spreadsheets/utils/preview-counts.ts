import type { ImportResult } from '@funil/shared';

export type PreviewCounts = { create: number; update: number; withIssues: number; toWrite: number };

/** What the dry run would do: rows to create, to update, rows with a problem, and rows written. */
export function previewCounts(preview: ImportResult['preview']): PreviewCounts {
  let create = 0;
  let update = 0;
  let withIssues = 0;
  for (const row of preview) {
    if (row.action === 'create') create += 1;
    else if (row.action === 'update') update += 1;
    if (row.issues.length > 0) withIssues += 1;
  }
  return { create, update, withIssues, toWrite: create + update };
}

/** The mapped fields in the file's column order, each once: the preview's value columns. */
export function mappedFields(columns: readonly { field: string | null }[]): string[] {
  const fields: string[] = [];
  for (const { field } of columns) if (field !== null && !fields.includes(field)) fields.push(field);
  return fields;
}
