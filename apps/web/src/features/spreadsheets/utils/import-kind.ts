import { IMPORT_FIELDS, IMPORT_MAX_BYTES, type SpreadsheetKind } from '@funil/shared';

/** The fields an import of this kind fills, in the export's column order. */
export function importFields(kind: SpreadsheetKind): readonly string[] {
  return IMPORT_FIELDS[kind];
}

/**
 * The fields a row cannot do without, per kind: each inner list is satisfied by any one of its
 * fields (a lead or a contact names its brand by CNPJ or by name). The server checks every row; this
 * only tells, before it, which required field no column fills.
 */
export const REQUIRED_FIELDS: Record<SpreadsheetKind, readonly (readonly string[])[]> = {
  brands: [['name'], ['company_name'], ['cnpj']],
  leads: [
    ['brand_cnpj', 'brand_name'],
    ['assessment'],
    ['vertical'],
    ['quota'],
    ['platform'],
    ['prospectus_year'],
    ['contract_status'],
  ],
  contacts: [['brand_cnpj', 'brand_name'], ['first_name'], ['last_name'], ['email'], ['phone_number']],
  offerings: [['prospectus_year'], ['vertical'], ['platform'], ['quota'], ['quantity']],
};

/** Accepted files, by name: browsers disagree on a CSV's type, so the extension decides. */
export const IMPORT_ACCEPT = '.csv,.xlsx';

export function isSpreadsheetFileName(name: string): boolean {
  return /\.(csv|xlsx)$/i.test(name.trim());
}

/**
 * Why the import would refuse this file before reading it, checked here so nothing is sent in
 * vain; the words are the server's own (`errors:spreadsheet.*`) where it says the same: an old
 * Excel (.xls), an empty file, one over the size limit. Null: the file may be sent.
 */
export type FileRefusal = 'old_xls' | 'wrong_type' | 'empty' | 'too_large';

export function fileRefusal(file: { name: string; size: number }): FileRefusal | null {
  if (/\.xls$/i.test(file.name.trim())) return 'old_xls';
  if (!isSpreadsheetFileName(file.name)) return 'wrong_type';
  if (file.size === 0) return 'empty';
  if (file.size > IMPORT_MAX_BYTES) return 'too_large';
  return null;
}
