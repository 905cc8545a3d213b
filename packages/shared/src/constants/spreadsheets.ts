// Spreadsheet names without zod: the lists' export menus use them without the schemas.

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The kinds of record a spreadsheet holds; also the file names' and the column headers' keys. */
export const SPREADSHEET_KINDS = ['leads', 'brands', 'contacts', 'offerings'] as const;
export type SpreadsheetKind = (typeof SPREADSHEET_KINDS)[number];
