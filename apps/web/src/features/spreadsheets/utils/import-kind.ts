import { IMPORT_FIELDS, IMPORT_MAX_BYTES, type SpreadsheetKind } from '@funil/shared';

/** The wizard's `?tipo=` words, in the app's Portuguese URLs, and the kinds they name. */
const KIND_PARAMS = {
  marcas: 'brands',
  oportunidades: 'leads',
  contatos: 'contacts',
  prospecto: 'offerings',
} as const satisfies Record<string, SpreadsheetKind>;

export type ImportKindParam = keyof typeof KIND_PARAMS;

/** The kind a `?tipo=` names; brands (the usual first import) when it names none. */
export function kindFromParam(param: string | null): SpreadsheetKind {
  return param !== null && Object.hasOwn(KIND_PARAMS, param)
    ? KIND_PARAMS[param as ImportKindParam]
    : 'brands';
}

export function paramFromKind(kind: SpreadsheetKind): ImportKindParam {
  const entry = Object.entries(KIND_PARAMS).find(([, value]) => value === kind);
  return (entry?.[0] ?? 'marcas') as ImportKindParam;
}

/** The wizard's address for a kind: what the "Importar" buttons link to. */
export const importPath = (kind: SpreadsheetKind) => `/importar?tipo=${paramFromKind(kind)}`;

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
