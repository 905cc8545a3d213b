import { PassThrough, type Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { RowCursor } from '../../../db/row-cursor';
import { type CellType, type CellValue, startsLikeFormula, wallClock } from './cells';
import { type ExportSheet, rowToCells } from './export-sheet';

export type XlsxOptions = {
  headers: readonly string[];
  /** The worksheet's name (at most 31 characters). */
  sheetName: string;
  /** The IANA zone dates are written in; UTC when absent. */
  timeZone: string | undefined;
  /** Told of a failure once the answer has started (it then ends, cut short). */
  onError: (error: unknown) => void;
};

/** BRL, two decimals, thousands grouped (Excel shows the grouping of the reader's locale). */
export const MONEY_FORMAT = '"R$" #,##0.00';
export const DATE_FORMAT = 'yyyy-mm-dd hh:mm';

/**
 * One style object per cell type, shared by every cell: exceljs keeps a style's id per object
 * (a WeakMap), so a million rows do not each serialise their style to find its id.
 */
const CELL_STYLES: Record<CellType, Partial<ExcelJS.Style>> = {
  text: {},
  integer: {},
  money: { numFmt: MONEY_FORMAT },
  date: { numFmt: DATE_FORMAT },
};

/**
 * A text holding a line break wraps, top-aligned, so a multi-line description reads as lines in
 * its cell. Only those cells get it: the others keep their column's style.
 */
const WRAPPED_TEXT_STYLE: Partial<ExcelJS.Style> = { alignment: { wrapText: true, vertical: 'top' } };

const hasLineBreak = (text: string) => text.includes('\n') || text.includes('\r');

/**
 * A text as a string cell, written as stored (no apostrophe: a string cell is never evaluated).
 * exceljs's streaming writer writes a plain string as `t="str"`, the type of a formula's cached
 * result, with no formula; a text that starts like a formula is written as an inline string
 * (`t="inlineStr"`, one run without formatting) so no reader can take it for one. Every other
 * text keeps the plain path: writing every text inline measured 20–50 % more time for the whole
 * XLSX (100,000 rows of 16 texts).
 */
const textCell = (text: string): ExcelJS.CellValue =>
  startsLikeFormula(text) ? { richText: [{ text }] } : text;

const EMPTY_ROW: unknown[] = [];

/**
 * Rows per FETCH for an XLSX: far fewer than for a CSV, so a batch is written before young
 * collections promote its rows (measured on 1M leads: 1000 rows per batch peaked 174 MB above
 * idle).
 */
export const XLSX_BATCH_SIZE = 100;

/** Bytes of the workbook waiting between exceljs and the client before the writer waits for them to go. */
const MAX_PENDING_BYTES = 1024 * 1024;

/**
 * What exceljs has written but the zip has not compressed yet: the worksheet's buffer pipes its
 * chunks into the compressor without waiting (exceljs internals, read defensively: when they are
 * not there, only the output's own buffer is watched).
 */
function compressorBacklog(worksheet: ExcelJS.Worksheet): number {
  const stream = (worksheet as unknown as { _stream?: { pipes?: { writableLength?: number }[] } })._stream;
  let pending = 0;
  for (const pipe of stream?.pipes ?? []) pending += pipe.writableLength ?? 0;
  return pending;
}

/**
 * The XLSX export, streamed: exceljs's streaming writer (no shared strings, so nothing grows with
 * the row count), one row committed at a time into the answer. Real numbers with a BRL format,
 * the prospectus year as a number, dates as date cells holding the wall-clock time in the zone, a
 * frozen bold header with an autofilter. Between batches the writer waits while the client has not
 * taken what was written, so memory stays flat however slow the download. The caller closes the
 * cursor when the returned stream closes.
 */
export function xlsxStream(sheet: ExportSheet, cursor: RowCursor, options: XlsxOptions): Readable {
  const output = new PassThrough({ highWaterMark: 256 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: true,
  });
  const worksheet = workbook.addWorksheet(options.sheetName, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  worksheet.columns = sheet.columns.map((column, index) => ({
    header: options.headers[index] ?? '',
    width: column.width,
  }));
  worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };

  const wall = wallClock(options.timeZone);
  const toCells = rowToCells(sheet.columns);
  const types = sheet.columns.map((column) => column.type);
  const styles = types.map((type) => CELL_STYLES[type]);
  const width = types.length;
  const value = (type: CellType, cell: CellValue): ExcelJS.CellValue => {
    if (cell === null) return null;
    switch (type) {
      case 'text':
        return textCell(cell as string);
      case 'money':
        return Number(cell);
      case 'integer':
        return cell as number;
      case 'date':
        // exceljs writes a Date as its UTC serial: the wall-clock time, read as UTC.
        return new Date(wall(cell as number));
    }
  };

  const caughtUp = async () => {
    while (
      !output.destroyed &&
      (output.readableLength > output.readableHighWaterMark ||
        compressorBacklog(worksheet) > MAX_PENDING_BYTES)
    ) {
      // The compressor works on other threads and the client reads at its pace: look again soon.
      await delay(2);
    }
  };

  const write = async () => {
    const header = worksheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    const values = new Array<ExcelJS.CellValue>(width);
    const rowStyles = [...styles];
    for (;;) {
      const rows = await cursor.read();
      if (rows.length === 0 || output.destroyed) break;
      for (let r = 0; r < rows.length; r += 1) {
        const cells = toCells(rows[r] as unknown[]);
        // Let the database's row go at once: exceljs allocates enough per row that young
        // collections run within a batch, and rows still held then are promoted to the old
        // generation, which grows by a batch each time until a full collection.
        rows[r] = EMPTY_ROW;
        for (let c = 0; c < width; c += 1) {
          const type = types[c] as CellType;
          const cell = cells[c] ?? null;
          values[c] = value(type, cell);
          rowStyles[c] =
            type === 'text' && cell !== null && hasLineBreak(cell as string)
              ? WRAPPED_TEXT_STYLE
              : (styles[c] as Partial<ExcelJS.Style>);
        }
        const row = worksheet.addRow(values);
        for (let c = 0; c < width; c += 1) row.getCell(c + 1).style = rowStyles[c] as Partial<ExcelJS.Style>;
        row.commit();
      }
      await caughtUp();
    }
    if (output.destroyed) return;
    worksheet.commit();
    await workbook.commit();
  };

  write().catch((error: unknown) => {
    options.onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
