import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { minimalWorkbook, sheetXmlOf } from '../../../../test/zip-fixtures';
import {
  DATE_STYLES_XML,
  handMadeWorkbook,
  sharedStringsXml,
  worksheetXml,
} from './fixtures/hand-made-workbook';
import { readXlsx, XLSX_MAX_CELLS } from './read-xlsx';
import { readableSharedStrings, readableSheetXml } from './sheet-xml';
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

  const inline = (at: string, xml: string) => `<c r="${at}" t="inlineStr"><is>${xml}</is></c>`;
  const shared = (at: string, index: number) => `<c r="${at}" t="s"><v>${index}</v></c>`;

  it('reads each cell as the spreadsheet shows it: every run, entities decoded once, no phonetic reading', async () => {
    const strings = sharedStringsXml([
      '<si><r><t>Razão</t></r><r><rPr><b/><sz val="11"/></rPr><t xml:space="preserve"> social</t></r></si>',
      '<si><t>&amp;lt;b&amp;gt; não é tag</t></si>',
      '<si><t>大阪</t><rPh sb="0" eb="2"><t>オオサカ</t></rPh><phoneticPr fontId="0"/></si>',
      '<si><r><t>&amp;amp;</t></r><r><t xml:space="preserve"> &lt;ok&gt;</t></r></si>',
    ]);
    const sheet = worksheetXml([
      `<row r="1">${inline('A1', '<t>Nome</t>')}${shared('B1', 0)}${shared('C1', 1)}</row>`,
      `<row r="2">${inline('A2', '<r><t>Ferro</t></r><r><rPr><b/></rPr><t xml:space="preserve"> &amp; Aço</t></r>')}` +
        `${inline('B2', '<t>&amp;lt; menor &amp;amp; maior &#38;gt; &lt;x&gt;</t>')}${shared('C2', 3)}</row>`,
      `<row r="3">${inline('A3', '<t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="0"/>')}` +
        `${shared('B3', 2)}<c r="C3" t="str"><v>a &amp;amp; b</v></c></row>`,
      `<row r="4">${inline('A4', '<r><t>um</t></r><r><t/></r><r><t xml:space="preserve"> dois</t></r>')}` +
        `${inline('B4', '<t>=== IMPORTANTE ===</t>')}${inline('C4', "<t>'=1+1</t>")}</row>`,
    ]);
    const rows = await readXlsx(handMadeWorkbook({ sheet, sharedStrings: strings }));
    expect(rows).toEqual([
      { line: 1, cells: ['Nome', 'Razão social', '&lt;b&gt; não é tag'] },
      { line: 2, cells: ['Ferro & Aço', '&lt; menor &amp; maior &gt; <x>', '&amp; <ok>'] },
      { line: 3, cells: ['東京', '大阪', 'a &amp; b'] },
      // The exporter's apostrophe is the import's to undo (readCell), not the reader's.
      { line: 4, cells: ['um dois', '=== IMPORTANTE ===', "'=1+1"] },
    ]);
  });

  it("reads a formula cell as its cached result, of the result's own type; none is an empty cell", async () => {
    const sheet = worksheetXml([
      `<row r="1"><c r="A1" t="str"><f>"Nome da"&amp;" marca"</f><v>Nome da marca</v></c>` +
        `${inline('B1', '<t>Data</t>')}${inline('C1', '<t>Sim</t>')}${inline('D1', '<t>Erro</t>')}` +
        `${inline('E1', '<t>Sem valor</t>')}${inline('F1', '<t>Número</t>')}${inline('G1', '<t>Texto</t>')}</row>`,
      '<row r="2"><c r="A2" t="str"><f>"Acme"&amp;" Ltda"</f><v>Acme Ltda</v></c>' +
        '<c r="B2" s="1"><f>DATE(2026,3,1)</f><v>46082</v></c><c r="C2" t="b"><f>1&lt;2</f><v>1</v></c>' +
        '<c r="D2" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="E2"><f>A2</f></c>' +
        '<c r="F2"><f t="shared" ref="F2:F3" si="0">1+1</f><v>2</v></c>' +
        '<c r="G2" t="str"><f>"&amp;lt;"</f><v>&amp;lt;</v></c></row>',
      '<row r="3"><c r="A3" t="b"><f>FALSE()</f><v>0</v></c><c r="F3"><f t="shared" si="0"/><v>2.5</v></c></row>',
    ]);
    const rows = await readXlsx(handMadeWorkbook({ sheet, styles: DATE_STYLES_XML }));
    expect(rows).toEqual([
      { line: 1, cells: ['Nome da marca', 'Data', 'Sim', 'Erro', 'Sem valor', 'Número', 'Texto'] },
      { line: 2, cells: ['Acme Ltda', '2026-03-01', 'true', '#DIV/0!', '', 2, '&lt;'] },
      { line: 3, cells: ['false', '', '', '', '', 2.5] },
    ]);
  });

  it('hands the reader a part that needs no rewriting as it is', () => {
    const plain = Buffer.from(
      worksheetXml([`<row r="1">${inline('A1', '<t>Nome</t>')}<c r="B1"><v>1</v></c></row>`]) +
        '<autoFilter ref="A1:B1"><filterColumn colId="0"/></autoFilter>',
    );
    expect(readableSheetXml(plain)).toBe(plain);
    const strings = Buffer.from(sharedStringsXml(['<si><t>a &amp; b</t></si>']));
    expect(readableSharedStrings(strings)).toBe(strings);
    // What is rewritten: the formula, the phonetic reading, the runs, each `&` reference.
    const rewritten = readableSheetXml(
      Buffer.from(
        worksheetXml([
          `<row r="1"><c r="A1" t="str"><f>B1</f><v>x &amp; y</v></c>` +
            inline('B1', '<r><t>a</t></r><r><t>b</t></r><rPh sb="0" eb="1"><t>c</t></rPh>') +
            '</row>',
        ]),
      ),
    ).toString();
    expect(rewritten).toContain('<c r="A1" t="str"><v>x &amp;amp; y</v></c>');
    expect(rewritten).toContain('<is><t xml:space="preserve">ab</t></is>');

    // Runs in some inline strings among others: each joined, the rest as they were.
    const mixed = readableSheetXml(
      Buffer.from(
        worksheetXml([
          `<row r="1">${inline('A1', '<r><t>só</t></r>')}${inline('B1', '<r><t>um</t></r><r><t>dois</t></r>')}` +
            `${inline('C1', '<t>plano</t>')}${inline('D1', '<r><rPr><i/></rPr><t>três</t></r><r><t>quatro</t></r>')}</row>`,
        ]),
      ),
    ).toString();
    expect(mixed).toContain(
      '<c r="A1" t="inlineStr"><is><r><t>só</t></r></is></c>' +
        '<c r="B1" t="inlineStr"><is><t xml:space="preserve">umdois</t></is></c>' +
        '<c r="C1" t="inlineStr"><is><t>plano</t></is></c>' +
        '<c r="D1" t="inlineStr"><is><t xml:space="preserve">trêsquatro</t></is></c>',
    );
  });
});
