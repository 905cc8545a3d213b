import type { SpreadsheetKind } from '@funil/shared';

/**
 * One line of a preview cell: the values of `fields` joined by `separator` (the empty ones left
 * out). An identifier (CNPJ, email, phone) is never broken inside: it stays on its line, cut with
 * an ellipsis when the column is narrower; a name wraps.
 */
export type CellLine = {
  fields: readonly string[];
  separator?: string;
  identifier?: boolean;
  /** The cell's main value (the record's name): in bold. */
  main?: boolean;
};

export type PreviewColumnId = 'brand' | 'cnpj' | 'contact' | 'lead' | 'offering';

/** A column of the preview: a few fields stacked in one cell. */
export type PreviewColumn = { id: PreviewColumnId; lines: readonly CellLine[] };

const brandOfRecord: PreviewColumn = {
  id: 'brand',
  lines: [
    { fields: ['brand_name'], main: true },
    { fields: ['brand_cnpj'], identifier: true },
  ],
};

/**
 * What the preview shows of a row, per kind: the few values that tell the row apart — the record's
 * name, its identifiers, its contact — so the table fits a laptop's screen without scrolling
 * sideways. Every value of the row, these and the others, is in the row's details.
 */
export const PREVIEW_COLUMNS: Record<SpreadsheetKind, readonly PreviewColumn[]> = {
  brands: [
    { id: 'brand', lines: [{ fields: ['name'], main: true }] },
    { id: 'cnpj', lines: [{ fields: ['cnpj'], identifier: true }] },
    {
      id: 'contact',
      lines: [
        // A full name in one column, or first and last names in two: whichever the file has.
        { fields: ['contact_name', 'contact_first_name', 'contact_last_name'], separator: ' ', main: true },
        { fields: ['contact_email'], identifier: true },
        { fields: ['contact_phone'], identifier: true },
      ],
    },
  ],
  leads: [
    brandOfRecord,
    {
      id: 'lead',
      lines: [
        { fields: ['vertical', 'quota'], separator: ' · ', main: true },
        { fields: ['platform', 'prospectus_year'], separator: ' · ' },
        { fields: ['contract_status'] },
      ],
    },
  ],
  contacts: [
    brandOfRecord,
    {
      id: 'contact',
      lines: [
        { fields: ['first_name', 'last_name'], separator: ' ', main: true },
        { fields: ['email'], identifier: true },
        { fields: ['phone_number'], identifier: true },
      ],
    },
  ],
  offerings: [
    {
      id: 'offering',
      lines: [
        { fields: ['quota', 'platform'], separator: ' · ', main: true },
        { fields: ['vertical', 'prospectus_year'], separator: ' · ' },
        { fields: ['franchise'] },
      ],
    },
  ],
};

/** What an offering row is called: its quota, platform, vertical, year and praça, as the server says it. */
const OFFERING_NAME_FIELDS = ['quota', 'platform', 'vertical', 'prospectus_year', 'franchise'] as const;

/** The kind's preview columns that at least one mapped field fills, each with only its mapped lines. */
export function previewColumns(kind: SpreadsheetKind, mapped: readonly string[]): PreviewColumn[] {
  const isMapped = new Set(mapped);
  return PREVIEW_COLUMNS[kind].flatMap((column) => {
    const lines = column.lines
      .map((line) => ({ ...line, fields: line.fields.filter((field) => isMapped.has(field)) }))
      .filter((line) => line.fields.length > 0);
    return lines.length > 0 ? [{ ...column, lines }] : [];
  });
}

/** A line's text for a row: its fields' non-empty values, joined. */
export function lineText(line: CellLine, values: Readonly<Record<string, string>>): string {
  return line.fields
    .map((field) => values[field]?.trim() ?? '')
    .filter(Boolean)
    .join(line.separator ?? ' ');
}

/**
 * The record a row names, as a person knows it: a brand's or a lead's brand name, a contact's
 * full name, an offering's quota, platform, vertical, year and praça; null when the row has none.
 */
export function rowName(kind: SpreadsheetKind, values: Readonly<Record<string, string>>): string | null {
  const text = (fields: readonly string[], separator = ' ') =>
    fields
      .map((field) => values[field]?.trim() ?? '')
      .filter(Boolean)
      .join(separator);
  const name =
    kind === 'brands'
      ? text(['name'])
      : kind === 'leads'
        ? text(['brand_name'])
        : kind === 'offerings'
          ? text(OFFERING_NAME_FIELDS, ' · ')
          : text(['first_name', 'last_name']);
  return name || null;
}
