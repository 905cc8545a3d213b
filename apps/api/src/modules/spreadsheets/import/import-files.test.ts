import { IMPORT_MAX_ROWS } from '@funil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, NUMERIC_CNPJ } from '../../../../test/brand-fixtures';
import { buildTestApp } from '../../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../../test/sign-in';
import { importOk, importVia, multipartForm, plainZip, xlsxOf } from '../../../../test/spreadsheet-fixtures';
import type { App } from '../../../app';

describe('imported files: detection, decoding, limits', () => {
  let app: App;
  let seller: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
  });
  afterAll(() => app.close());

  const errorOf = async (file: Buffer | string, options: Parameters<typeof importVia>[4] = {}) => {
    const response = await importVia(app, seller.headers, 'brands', file, options);
    return { status: response.statusCode, message: response.json<{ message: string }>().message };
  };

  it('reads `;` and `,` files, UTF-8 with and without BOM, tab-separated too', async () => {
    const rows = [
      ['Nome da marca', 'Razão social', 'CNPJ', 'Descrição'],
      ['Ação Marca', 'São Paulo Ltda', NUMERIC_CNPJ, 'Café; "pão", leite'],
    ];
    const csv = (delimiter: string) =>
      rows
        .map((cells) =>
          cells
            .map((cell) => (/[;,"\t]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
            .join(delimiter),
        )
        .join('\r\n');
    for (const [delimiter, bom] of [
      [';', ''],
      [',', '\ufeff'],
      ['\t', '\ufeff'],
    ] as const) {
      const answer = await importOk(app, seller.headers, 'brands', bom + csv(delimiter));
      expect(answer.columns[0], JSON.stringify(delimiter)).toEqual({
        header: 'Nome da marca',
        field: 'name',
      });
      expect(answer.preview[0]?.values).toEqual({
        name: 'Ação Marca',
        company_name: 'São Paulo Ltda',
        cnpj: NUMERIC_CNPJ,
        description: 'Café; "pão", leite',
      });
    }
  });

  it('reads Latin-1 / Windows-1252 files (what Excel saves on Windows)', async () => {
    const text = `Nome da marca;Razão social;CNPJ;Descrição\nAção Marca;São Paulo Ltda;${NUMERIC_CNPJ};Canção, coração e maçã`;
    const answer = await importOk(app, seller.headers, 'brands', Buffer.from(text, 'latin1'));
    expect(answer.columns[1]).toEqual({ header: 'Razão social', field: 'company_name' });
    expect(answer.preview[0]?.values).toMatchObject({ name: 'Ação Marca', company_name: 'São Paulo Ltda' });
    const cp1252 = Buffer.concat([
      Buffer.from(`name;company_name;cnpj;description\nA Marca;A Ltda;${NUMERIC_CNPJ};`, 'latin1'),
      Buffer.from([0x93, 0x6f, 0x6b, 0x94, 0x20, 0x96, 0x20, 0x80]),
    ]);
    const windows = await importOk(app, seller.headers, 'brands', cp1252);
    expect(windows.preview[0]?.values.description).toBe('“ok” – €');
  });

  it('takes the options before or after the file, or in the query (a field wins)', async () => {
    const csv = `CNPJ;Nome da marca;Razão social\n${NUMERIC_CNPJ};Opções;Opções Ltda`;
    const after = await importOk(app, seller.headers, 'brands', csv, {
      dry_run: true,
      fieldsLast: true,
      on_duplicate: 'update',
    });
    expect(after.dry_run).toBe(true);
    const fromQuery = await importOk(app, seller.headers, 'brands', csv, {
      query: 'dry_run=true&on_duplicate=skip',
    });
    expect(fromQuery.dry_run).toBe(true);
    const fieldWins = await importOk(app, seller.headers, 'brands', csv, {
      query: 'dry_run=false',
      dry_run: true,
    });
    expect(fieldWins.dry_run).toBe(true);
    expect((await errorOf(csv, { query: 'on_duplicate=merge' })).status).toBe(400);
    expect(await errorOf(csv, { query: 'dry_run=talvez' })).toMatchObject({ status: 400 });
  });

  it('answers 400 without a file, and for files that are not spreadsheets', async () => {
    const noFile = multipartForm([{ name: 'dry_run', value: 'true' }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/brands/import',
      headers: { ...seller.headers, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('Envie a planilha no campo file');
    const json = await app.inject({
      method: 'POST',
      url: '/api/brands/import',
      headers: seller.headers,
      payload: {},
    });
    expect(json.json<{ message: string }>().message).toBe('Envie a planilha no campo file');

    const junk = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256));
    const notSpreadsheets = [
      await imageBytes('png', 20, 20),
      junk,
      plainZip('leia-me.txt', Buffer.from('olá')),
      Buffer.concat([Buffer.from('PK\u0003\u0004'), junk]),
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
      Buffer.from('\ufeffname\ncnpj', 'utf16le'),
    ];
    for (const file of notSpreadsheets) {
      expect(await errorOf(file)).toEqual({
        status: 400,
        message: 'O arquivo não é uma planilha CSV ou XLSX',
      });
    }
  });

  it('answers 400 for an empty file or a header alone, and for a file with no known column', async () => {
    for (const file of ['', '\ufeff', '\n\n', ' ;; \r\n;\r\n']) {
      expect(await errorOf(file), JSON.stringify(file)).toEqual({
        status: 400,
        message: 'A planilha está vazia',
      });
    }
    for (const file of [
      'Nome da marca;CNPJ\n',
      'Nome da marca;CNPJ\n;\n\n',
      '\ufeffNome da marca;CNPJ;;\r\n;;;\r\n',
    ]) {
      expect(await errorOf(file), JSON.stringify(file)).toEqual({
        status: 400,
        message: 'A planilha só tem o cabeçalho',
      });
    }
    expect(
      await errorOf(await xlsxOf([['Nome da marca', 'CNPJ'], [], ['', '']]), { filename: 'a.xlsx' }),
    ).toEqual({
      status: 400,
      message: 'A planilha só tem o cabeçalho',
    });
    expect(
      await errorOf(await xlsxOf([['Nome da marca', 'CNPJ']]), { filename: 'a.xlsx', language: 'en' }),
    ).toEqual({ status: 400, message: 'The spreadsheet only has its header row' });
    expect(await errorOf('Coluna X;Coluna Y\n1;2', { language: 'en' })).toEqual({
      status: 400,
      message: 'No column of the spreadsheet was recognised',
    });
  });

  it('answers 400 past 10,000 rows and 413 past 10 MB', async () => {
    const line = `Marca;Marca Ltda;${NUMERIC_CNPJ}`;
    const header = 'Nome da marca;Razão social;CNPJ';
    const tooMany = [header, ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => line)].join('\n');
    expect(await errorOf(tooMany)).toEqual({ status: 400, message: 'A planilha tem mais de 10.000 linhas' });
    const exactly = [header, ...Array.from({ length: IMPORT_MAX_ROWS }, () => line)].join('\n');
    expect((await importVia(app, seller.headers, 'brands', exactly)).statusCode).toBe(200);
    const xlsx = await xlsxOf([['name'], ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => ['Marca'])]);
    expect(await errorOf(xlsx, { filename: 'big.xlsx' })).toEqual({
      status: 400,
      message: 'A planilha tem mais de 10.000 linhas',
    });
    const huge = `${header}\n${'x'.repeat(11 * 1024 * 1024)}`;
    expect(await errorOf(huge)).toEqual({ status: 413, message: 'A planilha deve ter no máximo 10 MB' });
  });
});
