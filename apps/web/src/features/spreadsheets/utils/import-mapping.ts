import type { ImportResult } from '@funil/shared';

/** One column of the file and the field it fills (null: ignored), in the file's order. */
export type ColumnMapping = { header: string; field: string | null };

/** The mapping as the server read (or guessed) it. */
export function mappingFromColumns(columns: ImportResult['columns']): ColumnMapping[] {
  return columns.map(({ header, field }) => ({ header, field }));
}

/**
 * Gives column `index` the field `field` (null: ignore it). A field fills one column: the column
 * that had it before loses it (becomes ignored) and is named in `movedFrom`, so the screen can say so.
 */
export function assignField(
  mapping: readonly ColumnMapping[],
  index: number,
  field: string | null,
): { mapping: ColumnMapping[]; movedFrom: string | null } {
  let movedFrom: string | null = null;
  const next = mapping.map((column, position) => {
    if (position === index) return { ...column, field };
    if (field !== null && column.field === field) {
      movedFrom = column.header;
      return { ...column, field: null };
    }
    return column;
  });
  return { mapping: next, movedFrom };
}

/**
 * The `mapping` form field: a JSON object from each column's header to its field or null. Every
 * column is named, so the server reads the file exactly as the screen shows it; a header repeated
 * in the file keeps its first column's choice.
 */
export function mappingJson(mapping: readonly ColumnMapping[]): string {
  const object: Record<string, string | null> = {};
  for (const { header, field } of mapping) {
    if (!Object.hasOwn(object, header)) object[header] = field;
  }
  return JSON.stringify(object);
}

/** The required groups (see REQUIRED_FIELDS) no column fills. */
export function missingRequired(
  mapping: readonly ColumnMapping[],
  required: readonly (readonly string[])[],
): (readonly string[])[] {
  const mapped = new Set(mapping.map((column) => column.field).filter((field) => field !== null));
  return required.filter((group) => !group.some((field) => mapped.has(field)));
}

/** Up to `limit` distinct, non-empty values the preview read for `field`: the column's examples. */
export function previewSamples(preview: ImportResult['preview'], field: string | null, limit = 3): string[] {
  if (field === null) return [];
  const samples: string[] = [];
  for (const row of preview) {
    const value = row.values[field]?.trim();
    if (value && !samples.includes(value)) samples.push(value);
    if (samples.length >= limit) break;
  }
  return samples;
}
