import { EXPORT_COLUMNS, type ExportFormat, type Language, sharedResources } from '@funil/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandVia, NUMERIC_CNPJ } from '../../../test/brand-fixtures';
import { buildTestApp } from '../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../test/sign-in';
import { importOk, importVia } from '../../../test/spreadsheet-fixtures';
import type { App } from '../../app';
import {
  franchises,
  leadFranchises,
  leads,
  offerings,
  offeringStock,
  platforms,
  quotas,
  verticals,
} from '../../db/schema';
import { writtenEventCount } from '../../../test/written-events';

/**
 * The prospectus as a spreadsheet: GET /api/offerings/export and POST /api/offerings/import,
 * including the rows the database refuses for the stock they would break.
 */

const HEADER = 'Ano;Vertical;Plataforma;Cota;Praça;Quantidade;Preço de tabela;Status';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

const headersOf = (language: Language) =>
  EXPORT_COLUMNS.offerings.map(
    (column) => (sharedResources[language].spreadsheet.columns.offerings as Record<string, string>)[column],
  );

/** A CSV answer's rows (header first), without its BOM. */
function csvRows(body: string, delimiter: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(body.slice(1), { delimiter, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('prospectus spreadsheets', () => {
  let app: App;
  let manager: SignedIn;
  let seller: SignedIn;
  let brandId: string;
  const ids = { esporte: '', musica: '', master: '', apoio: '', tv: '', digital: '', saoPaulo: '' };

  beforeAll(async () => {
    app = await buildTestApp();
    manager = await signIn(app, { roles: ['manager'] });
    seller = await signIn(app, { roles: ['comercial'] });
    const item = async (
      table: typeof verticals | typeof quotas | typeof platforms,
      name: string,
      label: string,
    ) => (await app.db.insert(table).values({ name, label }).returning({ id: table.id }))[0]!.id;
    ids.esporte = await item(verticals, 'ESPORTE', 'Esporte');
    ids.musica = await item(verticals, 'MUSICA', 'Música');
    ids.master = await item(quotas, 'MASTER', 'Cota Master');
    ids.apoio = await item(quotas, 'APOIO', 'Apoio');
    ids.tv = await item(platforms, 'TV', 'TV Aberta');
    ids.digital = await item(platforms, 'DIGITAL', 'Digital');
    ids.saoPaulo = (
      await app.db.select({ id: franchises.id }).from(franchises).where(eq(franchises.name, 'São Paulo'))
    )[0]!.id;
    brandId = (await createBrandVia(app, seller.headers, { name: 'Marca Única', cnpj: NUMERIC_CNPJ })).id;
  });
  afterAll(() => app.close());

  /** Opportunities of the brand holding a quota (in `status`), each in these praças. */
  async function insertHolders(
    count: number,
    lead: { year: number; vertical: string; platform: string; quota: string; status: 'fechado' | 'assinado' },
    praças: string[] = [],
  ) {
    const inserted = await app.db
      .insert(leads)
      .values(
        Array.from({ length: count }, (_, index) => ({
          brandId,
          assessment: `Holder ${lead.year} ${index} ${Math.random()}`,
          verticalId: lead.vertical,
          platformId: lead.platform,
          quotaId: lead.quota,
          prospectusYear: lead.year,
          contractStatus: lead.status,
        })),
      )
      .returning({ id: leads.id });
    if (praças.length > 0)
      await app.db
        .insert(leadFranchises)
        .values(inserted.flatMap(({ id }) => praças.map((franchiseId) => ({ leadId: id, franchiseId }))));
  }

  /** Live events written so far, whether the sequencer has moved them out of the outbox or not. */
  const eventCount = async () => writtenEventCount(app.db);

  const offeringsOf = (year: number) =>
    app.db
      .select({
        vertical: offerings.verticalId,
        platform: offerings.platformId,
        quota: offerings.quotaId,
        franchise: offerings.franchiseId,
        quantity: offerings.quantity,
        list_price: offerings.listPrice,
        status: offerings.status,
        updatedAt: offerings.updatedAt,
      })
      .from(offerings)
      .innerJoin(verticals, eq(verticals.id, offerings.verticalId))
      .innerJoin(platforms, eq(platforms.id, offerings.platformId))
      .innerJoin(quotas, eq(quotas.id, offerings.quotaId))
      .leftJoin(franchises, eq(franchises.id, offerings.franchiseId))
      .where(eq(offerings.prospectusYear, year))
      .orderBy(
        asc(verticals.name),
        asc(platforms.name),
        asc(quotas.name),
        sql`${franchises.name} nulls first`,
      );

  it('lets anyone signed in export, and only who edits the prospectus import', async () => {
    const exported = await app.inject({
      method: 'GET',
      url: '/api/offerings/export?format=csv',
      headers: seller.headers,
    });
    expect(exported.statusCode).toBe(200);
    const refused = await importVia(app, seller.headers, 'offerings', csv('2026;ESPORTE;TV;MASTER;;1;1;'));
    expect(refused.statusCode).toBe(403);
    expect(await offeringsOf(2026)).toEqual([]);
  });

  it('reads each cell as a person writes it, says what it cannot read, and writes nothing on a dry run', async () => {
    const file = csv(
      '2026;esporte;tv aberta;cota master;;2;R$ 450.000,00;Ativo',
      '2026;ESPORTE;TV;MASTER;sao paulo;1;450000;',
      '2026;Musica;Digital;Apoio;Nacional;8;60.000,00;inativo',
      '2026;Esporte;TV Aberta;Cota Master;;3;1;',
      '2026;Cinema;TV;MASTER;;1;1;',
      '2026;ESPORTE;TV;MASTER;Atlântida;1;1;',
      '2026;ESPORTE;DIGITAL;MASTER;;0;1;',
      '2026;ESPORTE;DIGITAL;APOIO;;10001;abc;',
      '2030;ESPORTE;DIGITAL;APOIO;;1;1;',
      '2026;ESPORTE;DIGITAL;APOIO;;;1;',
      '2026;ESPORTE;DIGITAL;APOIO;;1;1;talvez',
    );
    const preview = await importOk(app, manager.headers, 'offerings', file);
    expect(preview.columns.map((column) => column.field)).toEqual([
      'prospectus_year',
      'vertical',
      'platform',
      'quota',
      'franchise',
      'quantity',
      'list_price',
      'status',
    ]);
    expect(preview.preview.slice(0, 3).map((row) => [row.action, row.issues])).toEqual([
      ['create', []],
      ['create', []],
      ['create', []],
    ]);
    expect(preview.skipped.map(({ row, field, message, name }) => ({ row, field, message, name }))).toEqual([
      {
        row: 5,
        field: 'quota',
        message: 'Esta cota já está no prospecto',
        name: 'Cota Master · TV Aberta · Esporte · 2026',
      },
      { row: 6, field: 'vertical', message: 'Vertical não encontrada', name: 'MASTER · TV · Cinema · 2026' },
      {
        row: 7,
        field: 'franchise',
        message: 'Praça não encontrada',
        name: 'MASTER · TV · ESPORTE · 2026 · Atlântida',
      },
      {
        row: 8,
        field: 'quantity',
        message: 'Quantidade deve ser entre 1 e 10000',
        name: 'MASTER · DIGITAL · ESPORTE · 2026',
      },
      {
        row: 9,
        field: 'quantity',
        message: 'Quantidade deve ser entre 1 e 10000',
        name: 'APOIO · DIGITAL · ESPORTE · 2026',
      },
      {
        row: 10,
        field: 'prospectus_year',
        message: 'Ano do prospecto deve ser 2026, 2027 ou 2028',
        name: 'APOIO · DIGITAL · ESPORTE · 2030',
      },
      {
        row: 11,
        field: 'quantity',
        message: 'Quantidade deve ser entre 1 e 10000',
        name: 'APOIO · DIGITAL · ESPORTE · 2026',
      },
      { row: 12, field: 'status', message: 'Status inválido', name: 'APOIO · DIGITAL · ESPORTE · 2026' },
    ]);
    expect(preview.skipped[4]?.issues.map((issue) => issue.message)).toEqual([
      'Quantidade deve ser entre 1 e 10000',
      'Preço de tabela deve ser um valor maior ou igual a zero, com até duas casas decimais',
    ]);
    expect(await offeringsOf(2026)).toEqual([]);

    const written = await importOk(app, manager.headers, 'offerings', file, { dry_run: false });
    expect(written).toMatchObject({ created: 3, updated: 0, unchanged: 0 });
    expect(written.skipped.map((row) => row.row)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect((await offeringsOf(2026)).map(({ updatedAt: _, ...offering }) => offering)).toEqual([
      {
        vertical: ids.esporte,
        platform: ids.tv,
        quota: ids.master,
        franchise: null,
        quantity: 2,
        list_price: 450_000,
        status: 'active',
      },
      {
        vertical: ids.esporte,
        platform: ids.tv,
        quota: ids.master,
        franchise: ids.saoPaulo,
        quantity: 1,
        list_price: 450_000,
        status: 'active',
      },
      {
        vertical: ids.musica,
        platform: ids.digital,
        quota: ids.apoio,
        franchise: null,
        quantity: 8,
        list_price: 60_000,
        status: 'inactive',
      },
    ]);
  });

  it('skips an offering already in the prospectus; with update, writes only the quantity, price and status that differ', async () => {
    const before = await offeringsOf(2026);
    const file = csv(
      '2026;Esporte;TV Aberta;Cota Master;;2;450.000,00;Ativo',
      '2026;Esporte;TV Aberta;Cota Master;São Paulo;3;480.000;',
      '2026;Música;Digital;Apoio;;;55000;Ativo',
    );
    const skipping = await importOk(app, manager.headers, 'offerings', file, { dry_run: false });
    expect(skipping).toMatchObject({ created: 0, updated: 0, unchanged: 0 });
    expect(skipping.skipped.map((row) => row.message)).toEqual([
      'Esta cota já está no prospecto',
      'Esta cota já está no prospecto',
      'Esta cota já está no prospecto',
    ]);

    const eventsBefore = await eventCount();
    const updating = await importOk(app, manager.headers, 'offerings', file, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(updating.preview.map((row) => row.action)).toEqual(['unchanged', 'update', 'update']);
    const after = await offeringsOf(2026);
    // The first is as it was, to its updatedAt; empty cells kept what the others held.
    expect(after[0]).toEqual(before[0]);
    expect(after[1]).toMatchObject({ quantity: 3, list_price: 480_000, status: 'active' });
    expect(after[2]).toMatchObject({ quantity: 8, list_price: 55_000, status: 'active' });
    // One event per offering written, none for the unchanged one.
    expect((await eventCount()) - eventsBefore).toBe(2);
  });

  it('skips the rows the database refuses for the stock they would break, and writes the others', async () => {
    // 2027: a national Master on TV with 2 holders; an inactive Master on Digital with 2 (it
    // constrains nothing while inactive); 2 signed Apoio on TV in São Paulo, with no offering yet.
    await app.db.insert(offerings).values([
      { prospectusYear: 2027, verticalId: ids.esporte, platformId: ids.tv, quotaId: ids.master, quantity: 3 },
      {
        prospectusYear: 2027,
        verticalId: ids.esporte,
        platformId: ids.digital,
        quotaId: ids.master,
        quantity: 1,
        status: 'inactive',
      },
    ]);
    await insertHolders(2, {
      year: 2027,
      vertical: ids.esporte,
      platform: ids.tv,
      quota: ids.master,
      status: 'fechado',
    });
    await insertHolders(2, {
      year: 2027,
      vertical: ids.esporte,
      platform: ids.digital,
      quota: ids.master,
      status: 'fechado',
    });
    await insertHolders(
      2,
      { year: 2027, vertical: ids.esporte, platform: ids.tv, quota: ids.apoio, status: 'assinado' },
      [ids.saoPaulo],
    );
    const before = await offeringsOf(2027);

    const answer = await importOk(
      app,
      manager.headers,
      'offerings',
      csv(
        '2027;ESPORTE;TV;MASTER;;1;;',
        '2027;MUSICA;TV;APOIO;;5;10000;',
        '2027;ESPORTE;DIGITAL;MASTER;;;;Ativo',
        '2027;ESPORTE;TV;APOIO;São Paulo;1;20000;',
        '2027;ESPORTE;TV;APOIO;;4;30000;',
      ),
      { dry_run: false, on_duplicate: 'update' },
    );
    expect(answer).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(answer.skipped.map(({ row, field, message }) => ({ row, field, message }))).toEqual([
      { row: 2, field: 'quantity', message: 'Já há 2 oportunidades com esta cota' },
      { row: 4, field: 'status', message: 'Cota esgotada: Cota Master · Digital · Esporte · 2027' },
      { row: 5, field: 'quantity', message: 'Já há 2 oportunidades com esta cota' },
    ]);
    const after = await offeringsOf(2027);
    // By vertical, platform, quota: Esporte Digital Master, Esporte TV Apoio (new), Esporte TV
    // Master, Música TV Apoio (new).
    expect([after[0], after[2]]).toEqual(before);
    expect(after[1]).toMatchObject({ vertical: ids.esporte, quota: ids.apoio, franchise: null, quantity: 4 });
    expect(after[3]).toMatchObject({ vertical: ids.musica, quota: ids.apoio, franchise: null, quantity: 5 });
    expect(after).toHaveLength(4);
    // The new national Apoio on TV: the 2 signed in São Paulo take a unit of it too.
    const stock = await app.db
      .select({ held: offeringStock.held, sold: offeringStock.sold })
      .from(offeringStock)
      .innerJoin(offerings, eq(offerings.id, offeringStock.offeringId))
      .where(
        and(
          eq(offerings.prospectusYear, 2027),
          eq(offerings.quotaId, ids.apoio),
          eq(offerings.verticalId, ids.esporte),
        ),
      );
    expect(stock).toEqual([{ held: 0, sold: 2 }]);
  });

  describe('export', () => {
    const get = (url: string, language: string) =>
      app.inject({ method: 'GET', url, headers: { ...seller.headers, 'accept-language': language } });

    it('writes the offerings the filters match, in the list order, with the stock as read-only columns', async () => {
      const response = await get(
        '/api/offerings/export?format=csv&prospectus_year=2026&sort=list_price&order=desc',
        'pt-BR',
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="prospecto-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const rows = csvRows(response.body, ';');
      expect(rows[0]).toEqual(headersOf('pt-BR'));
      expect(rows.slice(1).map((row) => row.slice(0, 11))).toEqual([
        [
          '2026',
          'Esporte',
          'TV Aberta',
          'Cota Master',
          'São Paulo',
          '3',
          '480000,00',
          'Ativo',
          '0',
          '0',
          '3',
        ],
        ['2026', 'Esporte', 'TV Aberta', 'Cota Master', '', '2', '450000,00', 'Ativo', '0', '0', '2'],
        ['2026', 'Música', 'Digital', 'Apoio', '', '8', '55000,00', 'Ativo', '0', '0', '8'],
      ]);

      const national = csvRows(
        (await get('/api/offerings/export?format=csv&franchise=national&prospectus_year=2026', 'en')).body,
        ',',
      );
      expect(national[0]).toEqual(headersOf('en'));
      expect(national.slice(1).map((row) => row[4])).toEqual(['', '']);
      const inSaoPaulo = csvRows(
        (await get(`/api/offerings/export?format=csv&franchise=${encodeURIComponent('São Paulo')}`, 'en'))
          .body,
        ',',
      );
      expect(inSaoPaulo.slice(1).map((row) => [row[0], row[4], row[6]])).toEqual([
        ['2026', 'São Paulo', '480000.00'],
      ]);
      // 2027's national Master on TV: 3 units, 2 held.
      const soldOut = csvRows(
        (await get('/api/offerings/export?format=csv&available=false', 'pt-BR')).body,
        ';',
      );
      // Sold out: the inactive Master on Digital, with its 2 holders over its 1 unit.
      expect(soldOut.slice(1).map((row) => row.slice(0, 11))).toEqual([
        ['2027', 'Esporte', 'Digital', 'Cota Master', '', '1', '0,00', 'Inativo', '2', '0', '-1'],
      ]);
      const master2027 = csvRows(
        (
          await get(
            `/api/offerings/export?format=csv&prospectus_year=2027&quota=${ids.master}&platform=${ids.tv}`,
            'pt-BR',
          )
        ).body,
        ';',
      );
      expect(master2027.slice(1).map((row) => row.slice(5, 11))).toEqual([
        ['3', '0,00', 'Ativo', '2', '0', '1'],
      ]);
    });

    it('answers 400 for a filter it cannot read', async () => {
      const response = await get('/api/offerings/export?format=csv&available=maybe', 'pt-BR');
      expect(response.statusCode).toBe(400);
    });
  });

  describe('round trip: its own export imported back with update changes nothing', () => {
    for (const [format, language] of [
      ['csv', 'pt-BR'],
      ['csv', 'en'],
      ['xlsx', 'es'],
    ] as const satisfies readonly [ExportFormat, Language][]) {
      it(`${format.toUpperCase()} in ${language}`, async () => {
        const exported = await app.inject({
          method: 'GET',
          url: `/api/offerings/export?format=${format}`,
          headers: { ...manager.headers, 'accept-language': language },
        });
        expect(exported.statusCode).toBe(200);
        if (format === 'xlsx') {
          const workbook = new ExcelJS.Workbook();
          await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
          expect(workbook.worksheets[0]?.getRow(1).values).toEqual([undefined, ...headersOf(language)]);
        }
        const before = await app.db.select().from(offerings).orderBy(asc(offerings.id));
        const answer = await importOk(app, manager.headers, 'offerings', exported.rawPayload, {
          dry_run: false,
          on_duplicate: 'update',
          filename: `prospecto.${format}`,
          type: format === 'csv' ? 'text/csv' : 'application/octet-stream',
        });
        // The stock's columns are the database's: never read.
        expect(answer.columns.slice(8).map((column) => column.field)).toEqual([null, null, null, null, null]);
        expect(answer).toMatchObject({
          rows: before.length,
          created: 0,
          updated: 0,
          unchanged: before.length,
        });
        expect(answer.skipped).toEqual([]);
        expect(await app.db.select().from(offerings).orderBy(asc(offerings.id))).toEqual(before);
      });
    }
  });
});
