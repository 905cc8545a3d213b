import { type Brand, generateNumericCnpj, normalizeCnpj } from '@funil/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../../test/sign-in';
import { importOk, importVia, plainZip, xlsxOf } from '../../../../test/spreadsheet-fixtures';
import type { App } from '../../../app';
import { brands } from '../../../db/schema';
import { handMadeWorkbook, sharedStringsXml, worksheetXml } from './fixtures/hand-made-workbook';

/**
 * Imports of files as the programs people use write them: Excel's Windows-1252 `;` CSV, UTF-8
 * with and without a BOM, workbooks with formulas, rows a stray `;` shifted, files that are not
 * what their name says. Through the route, as a client sends them.
 */

/** Windows-1252 bytes: Latin-1 for its range, and the code page's own bytes for – and €. */
const WINDOWS_1252_EXTRAS: Record<string, number> = { '–': 0x96, '€': 0x80, '“': 0x93, '”': 0x94 };
function windows1252(text: string): Buffer {
  return Buffer.concat(
    [...text].map((char) =>
      char in WINDOWS_1252_EXTRAS
        ? Buffer.from([WINDOWS_1252_EXTRAS[char] as number])
        : Buffer.from(char, 'latin1'),
    ),
  );
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NOT_XLSX = 'O arquivo diz ser XLSX, mas não é uma planilha XLSX. Salve-o de novo como XLSX ou CSV';
const OLD_XLS = 'Planilhas .xls (Excel 97-2003) não são aceitas. Salve-a como XLSX ou CSV';
/** The first bytes of an OLE2 compound file (an Excel 97-2003 .xls), and some of what follows. */
const OLE2 = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(504, 0),
]);

describe('imported files as programs write them', () => {
  let app: App;
  let seller: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
  });
  afterAll(() => app.close());

  /** The brands stored under a CNPJ, as GET /api/brands/:id answers them. */
  const storedBrands = async (cnpj: string): Promise<Brand[]> => {
    const rows = await app.db
      .select({ id: brands.id })
      .from(brands)
      .where(eq(brands.cnpj, normalizeCnpj(cnpj)));
    return Promise.all(
      rows.map(async ({ id }) => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/brands/${id}`,
          headers: seller.headers,
        });
        expect(response.statusCode).toBe(200);
        return response.json<Brand>();
      }),
    );
  };

  const errorOf = async (file: Buffer | string, options: Parameters<typeof importVia>[4] = {}) => {
    const response = await importVia(app, seller.headers, 'brands', file, options);
    return { status: response.statusCode, message: response.json<{ message: string }>().message };
  };

  it('imports a `;` CSV as Excel in Brazil saves it: Windows-1252, CRLF, quoted cells with `;`, quotes and line breaks', async () => {
    const [padaria, livraria] = [generateNumericCnpj(), generateNumericCnpj()];
    const csv = [
      'Nome;Razão social;CNPJ;Área de atuação;Descrição',
      `Padaria Pão Quente;Pão Quente Comércio Ltda;${padaria};São Paulo;Descrição – com travessão, € 10`,
      `Livraria Ação;"Ação; Cultura Ltda";${livraria};Educação;"Linha 1\nLinha 2; com “aspas” e ""duplas"""`,
      '',
    ].join('\r\n');
    const bytes = windows1252(csv);
    // Really not UTF-8: what Excel on Windows writes.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();

    const answer = await importOk(app, seller.headers, 'brands', bytes, { dry_run: false });
    expect(answer.columns).toEqual([
      { header: 'Nome', field: 'name' },
      { header: 'Razão social', field: 'company_name' },
      { header: 'CNPJ', field: 'cnpj' },
      { header: 'Área de atuação', field: 'area_of_activity' },
      { header: 'Descrição', field: 'description' },
    ]);
    expect(answer).toMatchObject({ rows: 2, created: 2, skipped: [] });
    expect(answer.preview.map((row) => row.row)).toEqual([2, 3]);

    expect(await storedBrands(padaria)).toEqual([
      expect.objectContaining({
        name: 'Padaria Pão Quente',
        company_name: 'Pão Quente Comércio Ltda',
        area_of_activity: 'São Paulo',
        description: 'Descrição – com travessão, € 10',
      }),
    ]);
    expect(await storedBrands(livraria)).toEqual([
      expect.objectContaining({
        name: 'Livraria Ação',
        company_name: 'Ação; Cultura Ltda',
        description: 'Linha 1\nLinha 2; com “aspas” e "duplas"',
      }),
    ]);
  });

  it('imports UTF-8 with and without a BOM; a cell that starts with =, +, - or @ is stored as written', async () => {
    for (const bom of ['\ufeff', '']) {
      const cnpjs = Array.from({ length: 5 }, () => generateNumericCnpj());
      const descriptions = [
        '=== IMPORTANTE ===',
        '=HYPERLINK("x")',
        '+55 11 98765-0001',
        '- lembrete',
        '@marca no Instagram',
      ];
      const csv = [
        'Nome da marca;Razão social;CNPJ;Descrição',
        ...descriptions.map(
          (description, index) =>
            `Marca ${index} ${bom ? 'com' : 'sem'} BOM;Empresa Ltda;${cnpjs[index]};"${description.replaceAll('"', '""')}"`,
        ),
        // The exporter's guard on such a text is undone.
        `Marca escapada ${bom ? 'com' : 'sem'} BOM;Empresa Ltda;${generateNumericCnpj()};'=1+1`,
      ].join('\n');
      const answer = await importOk(app, seller.headers, 'brands', bom + csv, { dry_run: false });
      expect(answer.columns[0], JSON.stringify(bom)).toEqual({ header: 'Nome da marca', field: 'name' });
      expect(answer).toMatchObject({ created: 6, skipped: [] });
      expect(answer.preview.map((row) => row.values.description)).toEqual([...descriptions, '=1+1']);
      for (const [index, description] of descriptions.entries()) {
        const [stored] = await storedBrands(cnpjs[index] as string);
        expect(stored?.description, description).toBe(description);
      }
    }
  });

  it('reads an XLSX formula cell, header included, as its cached result, and a text cell starting with = as text', async () => {
    const [acme, beta] = [generateNumericCnpj(), generateNumericCnpj()];
    const xlsx = await xlsxOf([
      ['Nome da marca', 'Razão social', 'CNPJ', { formula: '"Descri"&"ção"', result: 'Descrição' }],
      ['Acme', { formula: 'A2&" Ltda"', result: 'Acme Ltda' }, acme, '=== IMPORTANTE ==='],
      // No cached result (a file no spreadsheet program has recalculated): an empty cell.
      ['Beta', 'Beta Ltda', beta, { formula: 'A3&" (sem valor)"' }],
    ]);
    const dryRun = await importOk(app, seller.headers, 'brands', xlsx, {
      filename: 'marcas.xlsx',
      type: XLSX_TYPE,
    });
    expect(dryRun.columns.map((column) => column.field)).toEqual([
      'name',
      'company_name',
      'cnpj',
      'description',
    ]);
    expect(dryRun.columns[3]?.header).toBe('Descrição');
    expect(dryRun.preview.map((row) => row.values)).toEqual([
      { name: 'Acme', company_name: 'Acme Ltda', cnpj: acme, description: '=== IMPORTANTE ===' },
      { name: 'Beta', company_name: 'Beta Ltda', cnpj: beta, description: '' },
    ]);

    await importOk(app, seller.headers, 'brands', xlsx, { filename: 'marcas.xlsx', dry_run: false });
    expect(await storedBrands(acme)).toEqual([
      expect.objectContaining({ name: 'Acme', company_name: 'Acme Ltda', description: '=== IMPORTANTE ===' }),
    ]);
  });

  it('skips a CSV row that a stray `;` shifted, saying both widths; quoted and trailing `;` are fine; fewer cells are refused', async () => {
    const cnpjs = Array.from({ length: 4 }, () => generateNumericCnpj());
    const csv = [
      // Excel saves a used range wider than the data: the empty headers past "Descrição" are no columns.
      'Nome da marca;Razão social;CNPJ;Descrição;;',
      `Marca Certa;Certa Ltda;${cnpjs[0]};Café e leite;;`,
      `Marca Torta;Torta Ltda;${cnpjs[1]};Café; leite;`,
      `Marca Aspas;Aspas Ltda;${cnpjs[2]};"Café; leite"`,
      `Marca Curta;Curta Ltda;${cnpjs[3]}`,
    ].join('\r\n');
    const answer = await importOk(app, seller.headers, 'brands', csv, { dry_run: false });
    // The header's width is what the answer's columns show.
    expect(answer.columns.map((column) => column.header)).toEqual([
      'Nome da marca',
      'Razão social',
      'CNPJ',
      'Descrição',
    ]);
    expect(answer.preview.map((row) => [row.row, row.action])).toEqual([
      [2, 'create'],
      [3, 'skip'],
      [4, 'create'],
      [5, 'skip'],
    ]);
    // That problem alone: the shifted cells are not validated (their "CNPJ inválido" would mislead).
    expect(answer.preview[1]?.issues).toEqual([
      { field: null, message: 'Linha com 5 colunas; o cabeçalho tem 4' },
    ]);
    expect(answer.preview[3]?.issues).toEqual([
      { field: null, message: 'Linha com 3 colunas; o cabeçalho tem 4' },
    ]);
    expect(answer.skipped.map(({ row, field, message }) => ({ row, field, message }))).toEqual([
      { row: 3, field: null, message: 'Linha com 5 colunas; o cabeçalho tem 4' },
      { row: 5, field: null, message: 'Linha com 3 colunas; o cabeçalho tem 4' },
    ]);
    expect(answer.preview[2]?.values.description).toBe('Café; leite');
    // Nothing of a shifted row is written.
    expect((await storedBrands(cnpjs[0] as string)).map((brand) => brand.description)).toEqual([
      'Café e leite',
    ]);
    expect(await storedBrands(cnpjs[1] as string)).toEqual([]);
    expect((await storedBrands(cnpjs[2] as string)).map((brand) => brand.description)).toEqual([
      'Café; leite',
    ]);
    expect(await storedBrands(cnpjs[3] as string)).toEqual([]);

    const english = await importOk(app, seller.headers, 'brands', csv, { language: 'en' });
    expect(english.preview[1]?.issues[0]?.message).toBe('Row with 5 columns; the header has 4');
  });

  it('never shifts an XLSX row: a cell past the header is no column', async () => {
    const cnpj = generateNumericCnpj();
    const xlsx = await xlsxOf([
      ['Nome da marca', 'Razão social', 'CNPJ'],
      ['Marca Larga', 'Larga Ltda', cnpj, 'além do cabeçalho'],
      ['Marca Estreita', 'Estreita Ltda'],
    ]);
    const answer = await importOk(app, seller.headers, 'brands', xlsx, { filename: 'larga.xlsx' });
    expect(answer.columns).toHaveLength(3);
    expect(answer.preview[0]).toMatchObject({ action: 'create', issues: [] });
    expect(answer.preview[0]?.values).toEqual({ name: 'Marca Larga', company_name: 'Larga Ltda', cnpj });
    const issues = answer.preview[1]?.issues.map((issue) => issue.message) ?? [];
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.some((message) => message.startsWith('Linha com'))).toBe(false);
  });

  it('reads rich text and escaped entities as the spreadsheet shows them', async () => {
    const [ferro, tags, rica] = [generateNumericCnpj(), generateNumericCnpj(), generateNumericCnpj()];
    const inline = (at: string, xml: string) => `<c r="${at}" t="inlineStr"><is>${xml}</is></c>`;
    const text = (at: string, value: string) => inline(at, `<t>${value}</t>`);
    const sheet = worksheetXml([
      `<row r="1">${text('A1', 'Nome da marca')}${text('B1', 'Razão social')}${text('C1', 'CNPJ')}${text('D1', 'Descrição')}</row>`,
      `<row r="2">${inline('A2', '<r><t>Ferro</t></r><r><rPr><b/></rPr><t xml:space="preserve"> &amp; Aço</t></r>')}` +
        `${text('B2', 'Ferro Ltda')}${text('C2', ferro)}${text('D2', 'Escreva &amp;lt; para &lt;')}</row>`,
      `<row r="3">${text('A3', 'Tags')}${text('B3', 'Tags Ltda')}${text('C3', tags)}` +
        '<c r="D3" t="s"><v>0</v></c></row>',
    ]);
    const strings = sharedStringsXml([
      '<si><r><t>&amp;lt;b&amp;gt;</t></r><r><rPr><i/></rPr><t xml:space="preserve"> em itálico</t></r></si>',
    ]);
    const handMade = await importOk(
      app,
      seller.headers,
      'brands',
      handMadeWorkbook({ sheet, sharedStrings: strings }),
      { filename: 'feita-a-mao.xlsx', dry_run: false },
    );
    expect(handMade.preview.map((row) => [row.values.name, row.values.description])).toEqual([
      ['Ferro & Aço', 'Escreva &lt; para <'],
      ['Tags', '&lt;b&gt; em itálico'],
    ]);
    expect((await storedBrands(ferro)).map((brand) => [brand.name, brand.description])).toEqual([
      ['Ferro & Aço', 'Escreva &lt; para <'],
    ]);

    // exceljs writes rich text as shared strings of several runs.
    const rich = await xlsxOf([
      ['Nome da marca', 'Razão social', 'CNPJ'],
      [
        { richText: [{ text: 'Marca ' }, { font: { bold: true }, text: 'Rica' }] },
        'Rica & Cia &lt;Ltda&gt;',
        rica,
      ],
    ]);
    const answer = await importOk(app, seller.headers, 'brands', rich, { filename: 'rica.xlsx' });
    expect(answer.preview[0]?.values).toMatchObject({
      name: 'Marca Rica',
      company_name: 'Rica & Cia &lt;Ltda&gt;',
    });
  });

  it('answers "not an XLSX" for a file named or typed XLSX that is no workbook, and ".xls" for an old Excel file whatever its name', async () => {
    const csv = `Nome da marca;Razão social;CNPJ\nMarca;Marca Ltda;${generateNumericCnpj()}`;
    const notWorkbooks: [Buffer | string, Parameters<typeof importVia>[4]][] = [
      [csv, { filename: 'marcas.xlsx' }],
      [csv, { filename: 'MARCAS.XLSM' }],
      [csv, { filename: 'marcas.csv', type: XLSX_TYPE }],
      [plainZip('leia-me.txt', Buffer.from('olá')), { filename: 'marcas.xlsx' }],
      [Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]), { filename: 'marcas.xlsx' }],
    ];
    for (const [file, options] of notWorkbooks)
      expect(await errorOf(file, options), JSON.stringify(options)).toEqual({
        status: 400,
        message: NOT_XLSX,
      });
    expect(await errorOf(csv, { filename: 'marcas.xlsx', language: 'en' })).toEqual({
      status: 400,
      message: 'The file claims to be XLSX but is not an XLSX spreadsheet. Save it again as XLSX or CSV',
    });

    for (const filename of ['antiga.xls', 'antiga.csv', 'antiga.xlsx', 'sem-extensao'])
      expect(await errorOf(OLE2, { filename }), filename).toEqual({ status: 400, message: OLD_XLS });
    expect(await errorOf(OLE2, { filename: 'antiga.xls', language: 'es' })).toEqual({
      status: 400,
      message: 'No se aceptan hojas .xls (Excel 97-2003). Guárdela como XLSX o CSV',
    });

    // A zip that is no workbook and does not claim to be one is simply not a spreadsheet.
    expect(await errorOf(plainZip('leia-me.txt', Buffer.from('olá')), { filename: 'dados.csv' })).toEqual({
      status: 400,
      message: 'O arquivo não é uma planilha CSV ou XLSX',
    });
  });

  it('still imports a CSV named .csv, with no name or sent as Excel by a browser, and a workbook by its content', async () => {
    const csv = (name: string) =>
      `Nome da marca;Razão social;CNPJ\n${name};Marca Ltda;${generateNumericCnpj()}`;
    for (const options of [
      { filename: 'marcas.csv' },
      { filename: '' },
      // What browsers on Windows send for a .csv when Excel is installed.
      { filename: 'marcas.csv', type: 'application/vnd.ms-excel' },
      { filename: 'marcas.txt', type: 'text/plain' },
    ]) {
      const answer = await importOk(app, seller.headers, 'brands', csv('Marca CSV'), options);
      expect(answer.preview[0], JSON.stringify(options)).toMatchObject({ action: 'create', issues: [] });
    }
    const xlsx = await xlsxOf([
      ['Nome da marca', 'Razão social', 'CNPJ'],
      ['Marca XLSX', 'Marca Ltda', generateNumericCnpj()],
    ]);
    for (const filename of ['marcas.xlsx', 'marcas.csv', 'marcas'])
      expect(
        (await importOk(app, seller.headers, 'brands', xlsx, { filename })).preview[0]?.values.name,
      ).toBe('Marca XLSX');
  });
});
