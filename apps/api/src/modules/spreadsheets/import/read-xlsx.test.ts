import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { minimalWorkbook, sheetXmlOf } from '../../../../test/zip-fixtures';
import { readXlsx, XLSX_MAX_CELLS } from './read-xlsx';
import { XLSX_MAX_UNPACKED_BYTES } from './zip-limits';

const refusal = (statusCode: number, key: string) => expect.objectContaining({ statusCode, key });

describe('readXlsx', () => {
  it('reads the first tab, wherever the workbook keeps its part', async () => {
    const workbook = new ExcelJS.Workbook();
    const other = workbook.addWorksheet('Outra');
    other.addRow(['Nome da marca']);
    other.addRow(['Da outra aba']);
    // Made second (its part is sheet2.xml) but moved before the other tab.
    const first = workbook.addWorksheet('Primeira');
    first.addRow(['Nome da marca']);
    first.addRow(['Da primeira aba']);
    // Tab order (exceljs's types leave the property out).
    (first as ExcelJS.Worksheet & { orderNo: number }).orderNo = 0;
    (other as ExcelJS.Worksheet & { orderNo: number }).orderNo = 1;
    const rows = await readXlsx(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows).toEqual([
      { line: 1, cells: ['Nome da marca'] },
      { line: 2, cells: ['Da primeira aba'] },
    ]);
  });

  it("keeps no cell beyond the header's width, and no blank row", async () => {
    // A header of two columns over rows of 50: nothing past the second column is kept.
    const xml = sheetXmlOf(1_000, 50, (row, column) => {
      if (row === 1) return column <= 2 ? `Coluna ${column}` : null;
      if (row === 3) return column <= 2 ? null : 'além do cabeçalho';
      return column;
    });
    const rows = await readXlsx(minimalWorkbook(xml));
    expect(rows).toHaveLength(1_000);
    expect(rows[0]).toEqual({ line: 1, cells: ['Coluna 1', 'Coluna 2'] });
    expect(rows[1]).toEqual({ line: 2, cells: [1, 2] });
    // Row 3 holds values beyond the header only: kept (it is no blank row), nothing in its columns.
    expect(rows[2]).toEqual({ line: 3, cells: ['', ''] });
    expect(rows.every((row) => row.cells.length <= 2)).toBe(true);
  });

  it('refuses a workbook whose cells within the header pass the limit (413)', async () => {
    expect(XLSX_MAX_CELLS).toBe(1_000_000);
    // The limit made small, so the test reads thousands of cells rather than a million.
    const limit = 5_000;
    const columns = 50;
    const xml = sheetXmlOf(limit / columns, columns, () => 1);
    expect(await readXlsx(minimalWorkbook(xml), limit)).toHaveLength(limit / columns);
    const oneRowMore = sheetXmlOf(limit / columns + 1, columns, () => 1);
    await expect(readXlsx(minimalWorkbook(oneRowMore), limit)).rejects.toThrow(
      refusal(413, 'errors:spreadsheet.too_large_unpacked'),
    );
  });

  it('refuses a workbook that unpacks to more than the limit (413), and one whose sizes lie (400)', async () => {
    const text = 'x'.repeat(4_000);
    const rows = Math.ceil(XLSX_MAX_UNPACKED_BYTES / (text.length * 4)) + 1;
    const big = sheetXmlOf(rows, 4, () => text);
    expect(Buffer.byteLength(big)).toBeGreaterThan(XLSX_MAX_UNPACKED_BYTES);
    await expect(readXlsx(minimalWorkbook(big))).rejects.toThrow(
      refusal(413, 'errors:spreadsheet.too_large_unpacked'),
    );

    const small = sheetXmlOf(3, 2);
    await expect(readXlsx(minimalWorkbook(big, { claimedSheetSize: 1024 }))).rejects.toThrow(
      refusal(400, 'errors:spreadsheet.not_a_spreadsheet'),
    );
    expect(await readXlsx(minimalWorkbook(small))).toHaveLength(3);
  });
});
