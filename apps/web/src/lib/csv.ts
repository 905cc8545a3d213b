import Papa from 'papaparse';
import { toLanguage } from '@/i18n/languages';

/**
 * Spreadsheet programs in Brazil and Spain expect `;` between cells (`,` is their decimal mark);
 * English ones expect `,`.
 */
export function csvDelimiter(language: string | undefined): ';' | ',' {
  return toLanguage(language) === 'en' ? ',' : ';';
}

/**
 * Rows as a CSV file's text: a BOM first (so Excel reads UTF-8 accents), CRLF line ends, and
 * a cell that starts like a formula escaped so opening the file never runs one.
 */
export function toCsv(rows: string[][], language: string | undefined): string {
  return `\uFEFF${Papa.unparse(rows, { delimiter: csvDelimiter(language), newline: '\r\n', escapeFormulae: true })}`;
}
