import { CONTRACT_STATUSES, type ContractStatus, EXPORT_COLUMNS, type SpreadsheetKind } from '@funil/shared';
import { type Query, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Translate } from '../../../lib/i18n';
import type { CellType, CellValue } from './cells';

/** The request's words for the values an export writes as text. */
export type ExportLabels = {
  yes: string;
  no: string;
  active: string;
  inactive: string;
  contractStatus: Record<ContractStatus, string>;
};

export function exportLabels(t: Translate): ExportLabels {
  return {
    yes: t('spreadsheet:values.yes'),
    no: t('spreadsheet:values.no'),
    active: t('spreadsheet:values.active'),
    inactive: t('spreadsheet:values.inactive'),
    contractStatus: Object.fromEntries(
      CONTRACT_STATUSES.map((status) => [status, t(`spreadsheet:contractStatus.${status}`)]),
    ) as Record<ContractStatus, string>,
  };
}

/**
 * One column: its cell type, its width in an XLSX (characters), and how the database's value
 * becomes the cell's (absent: taken as it is — text, an integer, or money as exact decimal text).
 */
export type ExportColumn = {
  type: CellType;
  width: number;
  convert?: (value: unknown) => CellValue;
};

/**
 * What an export writes: its columns (EXPORT_COLUMNS[kind], in order) and the select whose rows
 * hold one value per column, in the same order; the writers read it through a cursor.
 */
export type ExportSheet = {
  kind: SpreadsheetKind;
  columns: readonly ExportColumn[];
  query: Query;
};

/** The headers of `kind` in the request's language. */
export const exportHeaders = (kind: SpreadsheetKind, t: Translate): string[] =>
  EXPORT_COLUMNS[kind].map((column) => t(`spreadsheet:columns.${kind}.${column}`));

/** A database row's cells, converted in place (a million rows: no copy per row). */
export function rowToCells(columns: readonly ExportColumn[]): (row: unknown[]) => CellValue[] {
  const converters = columns.flatMap((column, index) =>
    column.convert ? [{ index, convert: column.convert }] : [],
  );
  return (row) => {
    for (const { index, convert } of converters) row[index] = convert(row[index]);
    return row as CellValue[];
  };
}

/** An instant as the milliseconds since the epoch (a float8 both drivers read as a number). */
export const epochMs = (column: SQLWrapper): SQL<number> =>
  sql<number>`floor(extract(epoch from ${column}) * 1000)::float8`;

/** Exact decimal text of a money column ("1234.50": numeric(14,2) always writes two decimals). */
export const moneyText = (column: SQLWrapper): SQL<string> => sql<string>`${column}::text`;

export const yesNo = (labels: ExportLabels) => (value: unknown) => (value ? labels.yes : labels.no);
export const recordStatus = (labels: ExportLabels) => (value: unknown) =>
  value === 'active' ? labels.active : labels.inactive;
/** A nullable text: empty when missing. */
export const orEmpty = (value: unknown) => (value ?? '') as string;
