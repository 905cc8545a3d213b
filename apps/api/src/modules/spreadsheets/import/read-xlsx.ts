import { posix } from 'node:path';
import { Readable } from 'node:stream';
import { IMPORT_MAX_ROWS } from '@funil/shared';
import ExcelJS from 'exceljs';
import { AppError } from '../../../lib/app-error';
import type { SheetCell, SheetRow } from './read-file';
import { readableSharedStrings, readableSheetXml } from './sheet-xml';
import { storedZip, type ZipFile } from './stored-zip';
import { unpackZip } from './zip-limits';

/**
 * Cells an import keeps from a workbook (10,000 rows of 100 columns; a real import has a few dozen
 * columns at most). With the unpacked limit, this bounds what reading a workbook holds.
 */
export const XLSX_MAX_CELLS = 1_000_000;

const notASpreadsheet = (cause?: unknown) =>
  new AppError(400, 'errors:spreadsheet.not_a_spreadsheet', cause === undefined ? {} : { cause });
const tooLarge = () => new AppError(413, 'errors:spreadsheet.too_large_unpacked');
const tooManyRows = () => new AppError(400, 'errors:spreadsheet.too_many_rows');

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const STYLES = 'xl/styles.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
/** What a workbook without shared strings reads as (the reader then streams its sheet, not via a temporary file). */
const NO_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
);

const isPart = (name: string) =>
  name === WORKBOOK ||
  name === WORKBOOK_RELS ||
  name === STYLES ||
  name === SHARED_STRINGS ||
  WORKSHEET.test(name);

/**
 * The parts an import reads, in the order the streaming reader needs them (everything before the
 * sheet), the sheet and the shared strings rewritten so that each cell reads as shown (sheet-xml).
 */
function inReadingOrder(files: readonly ZipFile[], sheet: ZipFile): ZipFile[] {
  const part = (name: string) => files.find((file) => file.name === name);
  const rels = part(WORKBOOK_RELS);
  const workbook = part(WORKBOOK);
  const styles = part(STYLES);
  const strings = part(SHARED_STRINGS);
  const sharedStrings = strings
    ? { name: SHARED_STRINGS, bytes: readableSharedStrings(strings.bytes) }
    : { name: SHARED_STRINGS, bytes: NO_SHARED_STRINGS };
  const readableSheet = { name: sheet.name, bytes: readableSheetXml(sheet.bytes) };
  return [rels, workbook, styles, sharedStrings, readableSheet].filter(
    (file): file is ZipFile => file !== undefined,
  );
}

/**
 * Bytes handed to the reader at a time. Its XML parser turns each chunk into one array of events
 * before handing any on: a whole 25 MB sheet in one chunk held a gigabyte of them at once.
 */
const READ_CHUNK_BYTES = 64 * 1024;

async function* inSmallChunks(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    for (let start = 0; start < chunk.length; start += READ_CHUNK_BYTES)
      yield chunk.subarray(start, start + READ_CHUNK_BYTES);
  }
}

const readerOf = (files: readonly ZipFile[]) =>
  new ExcelJS.stream.xlsx.WorkbookReader(
    Readable.from(inSmallChunks(storedZip(files) as AsyncIterable<Buffer>)),
    {
      worksheets: 'emit',
      sharedStrings: 'cache',
      // Styles say which numbers are dates.
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    },
  );

/** What the streaming reader keeps of the workbook part (not in exceljs's types; read defensively). */
type ReadWorkbook = {
  model?: { sheets?: { rId?: string }[] };
  workbookRels?: { Id?: string; Target?: string }[];
};

/**
 * The first tab's worksheet: the workbook names its sheets in tab order, each by a relationship
 * whose target is the sheet's part. A workbook that does not say (or points nowhere) gets its
 * lowest-numbered sheet, which is the first tab of whatever Excel, LibreOffice or Google Sheets
 * saved.
 */
async function firstWorksheet(files: readonly ZipFile[]): Promise<ZipFile | undefined> {
  const sheets = files
    .filter((file) => WORKSHEET.test(file.name))
    .sort((a, b) => Number(WORKSHEET.exec(a.name)?.[1]) - Number(WORKSHEET.exec(b.name)?.[1]));
  const book = files.filter((file) => file.name === WORKBOOK_RELS || file.name === WORKBOOK);
  const reader = readerOf(book);
  for await (const _ of reader) {
    // Nothing but the workbook part is read here: there is no sheet to yield.
  }
  const { model, workbookRels } = reader as unknown as ReadWorkbook;
  const rId = model?.sheets?.[0]?.rId;
  const target = workbookRels?.find((rel) => rel.Id === rId)?.Target;
  if (target) {
    // Relative to the workbook's folder, or absolute from the package's root.
    const path = target.startsWith('/') ? target.slice(1) : posix.join('xl', target);
    const named = sheets.find((sheet) => sheet.name === path);
    if (named) return named;
  }
  return sheets[0];
}

const isBlank = (cell: SheetCell | undefined) =>
  cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/**
 * The first worksheet of an XLSX, its rows as an import reads them.
 *
 * exceljs's `Workbook.load` inflates each part into one string and builds a model of every cell of
 * every sheet (about 300 bytes a cell: a 50 MB sheet of small cells took 600 MB of heap). So the
 * parts are inflated here, within the unpacked limit, and the first sheet is read by exceljs's
 * streaming reader, a row at a time, keeping only what the import uses: rows up to the row limit
 * (one more is the 400 at once), and no cell beyond the header's width (no column there can be
 * mapped), at most XLSX_MAX_CELLS in all (413 beyond). What it holds is then the shared strings
 * and the cells kept.
 *
 * The reader gets a zip of our own making, of the parts as they were checked: what it reads is
 * exactly what was measured, whatever the upload's local headers claim.
 */
export async function readXlsx(bytes: Buffer, maxCells = XLSX_MAX_CELLS): Promise<SheetRow[]> {
  const unpacked = await unpackZip(bytes, isPart);
  if (unpacked.outcome === 'too_large') throw tooLarge();
  if (unpacked.outcome === 'unreadable') throw notASpreadsheet();
  const { files } = unpacked;
  try {
    if (!files.some((file) => file.name === WORKBOOK)) throw notASpreadsheet();
    const sheet = await firstWorksheet(files);
    if (!sheet) throw notASpreadsheet();
    const parts = inReadingOrder(files, sheet);
    // The parts as unpacked are let go: a rewritten sheet is not held twice while it is read.
    files.length = 0;
    return await readRows(parts, maxCells);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notASpreadsheet(error);
  }
}

async function readRows(files: readonly ZipFile[], maxCells: number): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  let width = Number.POSITIVE_INFINITY;
  let cellsKept = 0;
  for await (const worksheet of readerOf(files)) {
    for await (const row of worksheet) {
      const cells: SheetCell[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = xlsxCell(cell);
      });
      for (let i = 0; i < cells.length; i++) cells[i] ??= '';
      if (cells.every(isBlank)) continue;
      // Header included: more rows than that cannot be imported, whatever they hold.
      if (rows.length > IMPORT_MAX_ROWS) throw tooManyRows();
      // The header ends at its last filled cell (Excel saves empty formatted cells past it).
      if (rows.length === 0) width = cells.findLastIndex((cell) => !isBlank(cell)) + 1;
      if (cells.length > width) cells.length = width;
      cellsKept += cells.length;
      if (cellsKept > maxCells) throw tooLarge();
      rows.push({ line: row.number, cells });
    }
  }
  return rows;
}

type CellValue = ExcelJS.CellValue;

const isoDate = (date: Date) =>
  Number.isNaN(date.getTime())
    ? ''
    : date.toISOString().endsWith('T00:00:00.000Z')
      ? date.toISOString().slice(0, 10)
      : date.toISOString();

const richTextOf = (value: ExcelJS.CellRichTextValue) => value.richText.map((run) => run.text).join('');

/**
 * A value as the cell shows it: text, or a number. Formulas never reach here as such (their `<f>`
 * is dropped before reading: the cell is its cached value), but a formula value is still read as
 * its result, should one come.
 */
function shownValue(value: CellValue): SheetCell | undefined {
  if (value === null || value === undefined) return '';
  // A number cell whose text is not a number reads NaN.
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  // PostgreSQL text cannot hold U+0000 (an XML character reference can still write one).
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return isoDate(value);
  if ('richText' in value) return richTextOf(value).replaceAll('\u0000', '');
  if ('error' in value) return String(value.error);
  if ('formula' in value || 'sharedFormula' in value) return shownValue(value.result ?? null);
  return undefined;
}

/** An XLSX cell as text or number, as the spreadsheet shows it. */
function xlsxCell(cell: ExcelJS.Cell): SheetCell {
  return shownValue(cell.value) ?? cell.text;
}
