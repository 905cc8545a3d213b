import Papa from 'papaparse';
import type { RowCursor } from '../../../db/row-cursor';
import { type CellValue, escapeFormula, formatWallClock, wallClock } from './cells';
import { type ExportSheet, rowToCells } from './export-sheet';

export type CsvOptions = {
  headers: readonly string[];
  /** `;` for pt-BR and es, `,` for en. */
  delimiter: string;
  /** Money as `1234,50` (pt-BR, es) rather than `1234.50` (en). */
  decimalComma: boolean;
  /** The IANA zone dates are written in; UTC when absent. */
  timeZone: string | undefined;
};

const BOM = '\uFEFF';
const NEWLINE = '\r\n';
/** Rows per chunk of the answer (~40 kB of text). */
const ROWS_PER_CHUNK = 250;

type Format = (value: CellValue) => string;

/** How each column's cell becomes CSV text (quoting is papaparse's). */
function formatters(sheet: ExportSheet, options: CsvOptions): Format[] {
  const wall = wallClock(options.timeZone);
  const text: Format = (value) => (value === null ? '' : escapeFormula(value as string));
  const money: Format = options.decimalComma
    ? (value) => (value === null ? '' : (value as string).replace('.', ','))
    : (value) => (value === null ? '' : (value as string));
  const integer: Format = (value) => (value === null ? '' : String(value));
  const date: Format = (value) => (value === null ? '' : formatWallClock(wall(value as number)));
  const byType = { text, money, integer, date };
  return sheet.columns.map((column) => byType[column.type]);
}

/**
 * The CSV export, a batch of the cursor at a time: UTF-8 with a BOM (so Excel reads the accents),
 * the header line, then one line per row, CRLF-separated, each batch written by papaparse.
 * The caller closes the cursor.
 */
export async function* csvChunks(
  sheet: ExportSheet,
  cursor: RowCursor,
  options: CsvOptions,
): AsyncGenerator<Buffer> {
  const unparseOptions = { delimiter: options.delimiter, newline: NEWLINE, escapeFormulae: false };
  const format = formatters(sheet, options);
  const toCells = rowToCells(sheet.columns);
  const width = format.length;
  yield Buffer.from(
    BOM + Papa.unparse([options.headers.map(escapeFormula)], unparseOptions) + NEWLINE,
    'utf8',
  );
  for (;;) {
    const rows = await cursor.read();
    if (rows.length === 0) return;
    // The whole batch becomes bytes at once, before waiting on the client: rows kept across
    // waits outlive young-generation collections and pile up in the old generation (a million
    // rows grew the heap by 150 MB before a full collection); bytes live outside the heap. A
    // few hundred rows per chunk keep each text out of V8's large-object space too.
    const chunks: Buffer[] = [];
    for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
      const end = Math.min(start + ROWS_PER_CHUNK, rows.length);
      const lines = new Array<string[]>(end - start);
      for (let r = start; r < end; r += 1) {
        const cells = toCells(rows[r] as unknown[]);
        const line = new Array<string>(width);
        for (let c = 0; c < width; c += 1) line[c] = (format[c] as Format)(cells[c] ?? null);
        lines[r - start] = line;
      }
      chunks.push(Buffer.from(Papa.unparse(lines, unparseOptions) + NEWLINE, 'utf8'));
    }
    rows.length = 0;
    yield* chunks;
  }
}
