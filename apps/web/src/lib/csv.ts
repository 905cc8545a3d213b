import Papa from 'papaparse';
import { toLanguage } from '@/i18n/languages';

/**
 * Spreadsheet programs in Brazil and Spain expect `;` between cells (`,` is their decimal mark);
 * English ones expect `,`.
 */
export function csvDelimiter(language: string | undefined): ';' | ',' {
  return toLanguage(language) === 'en' ? ',' : ';';
}

/** The decimal mark of the numbers in a CSV: `,` where cells are split by `;`, `.` in English. */
export function csvDecimalMark(language: string | undefined): ',' | '.' {
  return csvDelimiter(language) === ';' ? ',' : '.';
}

/**
 * A number as the language's spreadsheet programs read one: `decimals` places, no thousands
 * separator, the language's decimal mark (`1234,50` in pt-BR and es, `1234.50` in en); an empty
 * cell for none.
 */
export function csvNumber(value: number | null, decimals: number, language: string | undefined): string {
  if (value === null || !Number.isFinite(value)) return '';
  const text = value.toFixed(decimals);
  return csvDecimalMark(language) === ',' ? text.replace('.', ',') : text;
}

/**
 * Rows as a CSV file's text: a BOM first (so Excel reads UTF-8 accents), CRLF line ends, and
 * a cell that starts like a formula escaped so opening the file never runs one.
 */
export function toCsv(rows: string[][], language: string | undefined): string {
  return `\uFEFF${Papa.unparse(rows, { delimiter: csvDelimiter(language), newline: '\r\n', escapeFormulae: true })}`;
}
