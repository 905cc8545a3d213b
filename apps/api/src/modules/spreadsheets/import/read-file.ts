import { IMPORT_MAX_ROWS } from '@funil/shared';
import Papa from 'papaparse';
import { AppError } from '../../../lib/app-error';
import { readXlsx } from './read-xlsx';

/**
 * An uploaded spreadsheet, read: detected by content (an XLSX is a zip; anything else must be
 * text), decoded (UTF-8 with or without BOM, else Windows-1252) and parsed (papaparse, the
 * delimiter guessed among `;`, `,` and tab). Fully empty rows are skipped; each kept row keeps
 * its line number in the spreadsheet (the header's is 1 when it is the first line). A CSV's cells
 * are text, whatever they start with (`=`, `+`, `-`, `@`): nothing is ever evaluated. An XLSX
 * cell is the value the spreadsheet shows (a formula's cached result).
 */

/** Text, or a number as an XLSX stores it. */
export type SheetCell = string | number;

export type SheetRow = { line: number; cells: SheetCell[] };

export type Sheet = {
  format: 'csv' | 'xlsx';
  /** The CSV's delimiter (decides how numbers written as text are read); null for XLSX. */
  delimiter: ';' | ',' | '\t' | null;
  /**
   * The header's cells up to its last filled one: their count is the header's width (the empty
   * cells a program saves past it are no columns).
   */
  headers: string[];
  /**
   * The data rows. An XLSX row has no cell past the header's width (a cell has its position). A
   * CSV row has every cell of its line but the empty ones past the header's width (a trailing
   * `;`): one whose count still differs from the header's did not line up (a `;` typed inside an
   * unquoted cell shifts the cells after it).
   */
  rows: SheetRow[];
};

/** What the upload says of itself, beside its bytes: its file name and its type. */
export type DeclaredFile = { filename?: string; mimetype?: string };

const notASpreadsheet = () => new AppError(400, 'errors:spreadsheet.not_a_spreadsheet');
const notXlsx = () => new AppError(400, 'errors:spreadsheet.not_xlsx');
const oldXls = () => new AppError(400, 'errors:spreadsheet.old_xls');
const empty = () => new AppError(400, 'errors:spreadsheet.empty');
const headerOnly = () => new AppError(400, 'errors:spreadsheet.header_only');
const tooManyRows = () => new AppError(400, 'errors:spreadsheet.too_many_rows');

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** An OLE2 compound file: Excel 97-2003's .xls (and an XLSX saved with a password). */
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const XLSX_MIMETYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const startsWith = (bytes: Buffer, magic: readonly number[]) => magic.every((byte, i) => bytes[i] === byte);

/** Whether the upload says it is an XLSX: its name (.xlsx, .xlsm) or its type. */
const claimsXlsx = ({ filename, mimetype }: DeclaredFile) =>
  /\.xls[xm]$/i.test(filename?.trim() ?? '') || mimetype?.toLowerCase() === XLSX_MIMETYPE;

const isBlank = (cell: SheetCell | undefined) =>
  cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/**
 * Reads the file or throws the 400 that says why it is not a spreadsheet it can import. `declared`
 * only words the refusal: a file that says it is an XLSX and is not one is told so.
 */
export async function readSpreadsheet(bytes: Buffer, declared: DeclaredFile = {}): Promise<Sheet> {
  const table = await readTable(bytes, declared);
  const [header, ...data] = table.lines.filter((row) => !row.cells.every(isBlank));
  if (!header) throw empty();
  if (data.length === 0) throw headerOnly();
  if (data.length > IMPORT_MAX_ROWS) throw tooManyRows();
  const width = header.cells.findLastIndex((cell) => !isBlank(cell)) + 1;
  return {
    format: table.format,
    delimiter: table.delimiter,
    headers: header.cells.slice(0, width).map((cell) => String(cell).trim()),
    rows: data.map((row) => ({ line: row.line, cells: withoutEmptyTail(row.cells, width) })),
  };
}

type Table = { format: Sheet['format']; delimiter: Sheet['delimiter']; lines: SheetRow[] };

/**
 * Every line of the file, by what its bytes are: an old .xls is refused whatever its name; a zip
 * is read as a workbook; anything else as a CSV, unless the upload says it is an XLSX. A file that
 * says so and is no workbook we can read is told it is not an XLSX.
 */
async function readTable(bytes: Buffer, declared: DeclaredFile): Promise<Table> {
  if (bytes.length === 0) throw empty();
  if (startsWith(bytes, OLE2_MAGIC)) throw oldXls();
  if (startsWith(bytes, ZIP_MAGIC)) {
    try {
      return { format: 'xlsx', delimiter: null, lines: await readXlsx(bytes) };
    } catch (error) {
      const noWorkbook = error instanceof AppError && error.key === 'errors:spreadsheet.not_a_spreadsheet';
      throw noWorkbook && claimsXlsx(declared) ? notXlsx() : error;
    }
  }
  if (claimsXlsx(declared)) throw notXlsx();
  return { format: 'csv', ...readCsv(decodeText(bytes)) };
}

/** The cells but the empty ones past `width` (a trailing delimiter, or a program's habit). */
function withoutEmptyTail(cells: SheetCell[], width: number): SheetCell[] {
  let end = cells.length;
  while (end > width && isBlank(cells[end - 1])) end--;
  return end === cells.length ? cells : cells.slice(0, end);
}

/**
 * The text of a CSV: refused when it holds NUL bytes or other control characters a text file
 * never has (a picture, a PDF, an old .xls, UTF-16); UTF-8 when it decodes as such, BOM removed;
 * Windows-1252 (a superset of Latin-1, what Excel saves on Windows) otherwise.
 */
export function decodeText(bytes: Buffer): string {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') throw notASpreadsheet();
  let controls = 0;
  for (const byte of bytes) {
    if (byte === 0) throw notASpreadsheet();
    // Tab, line feed, carriage return and form feed are text; the other C0 controls are not.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls++;
  }
  if (controls > 0 && controls * 1000 > bytes.length) throw notASpreadsheet();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = decodeWindows1252(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

// Windows-1252's 0x80–0x9F (where Latin-1 has control characters); undefined ones stay as they are.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Windows-1252 by hand: Node 20's TextDecoder('windows-1252') decodes as ISO-8859-1, which turns
 * Excel's curly quotes, dashes and € into control characters.
 */
function decodeWindows1252(bytes: Buffer): string {
  return bytes
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (char) => CP1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
}

const DELIMITERS = [';', ',', '\t'] as const;

/**
 * The delimiter: the one of `;`, `,` and tab that the header line (the first non-empty one) uses
 * most, outside quotes; `;` then `,` on a tie; `,` for a single column. Papaparse's own guess
 * looks at the consistency of every line, which blank or short lines mislead.
 */
export function guessDelimiter(text: string): Sheet['delimiter'] {
  const header = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const counts = new Map<string, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: (typeof DELIMITERS)[number] = ',';
  let most = 0;
  for (const delimiter of DELIMITERS) {
    const found = counts.get(delimiter) ?? 0;
    if (found > most) {
      best = delimiter;
      most = found;
    }
  }
  return best;
}

function readCsv(text: string): { delimiter: Sheet['delimiter']; lines: SheetRow[] } {
  const delimiter = guessDelimiter(text) ?? ',';
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  // Each record is a row of the spreadsheet as a spreadsheet program opens it (a quoted cell may
  // span several lines of the file), numbered from 1.
  return { delimiter, lines: parsed.data.map((cells, index) => ({ line: index + 1, cells })) };
}
