import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandVia, NUMERIC_CNPJ } from '../../../../test/brand-fixtures';
import { buildTestApp } from '../../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../../test/sign-in';
import { importOk } from '../../../../test/spreadsheet-fixtures';
import type { App } from '../../../app';
import {
  franchises,
  leads,
  offerings,
  offeringStock,
  platforms,
  quotas,
  verticals,
} from '../../../db/schema';

const HEADER =
  'CNPJ da marca;Apuração;Vertical;Tipo de cota;Plataforma;Ano do prospecto;Status do contrato;Praças';

/**
 * POST /api/leads/import against the prospectus: a row whose opportunity would take a unit of an
 * offering that has none left is skipped with the API's "Cota esgotada: …", and the other rows are
 * written.
 */
describe('POST /api/leads/import and the prospectus stock', () => {
  let app: App;
  let seller: SignedIn;
  let master: string;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    await createBrandVia(app, seller.headers, { name: 'Marca Única', cnpj: NUMERIC_CNPJ });
    const item = async (
      table: typeof verticals | typeof quotas | typeof platforms,
      name: string,
      label: string,
    ) => (await app.db.insert(table).values({ name, label }).returning({ id: table.id }))[0]!.id;
    const esporte = await item(verticals, 'ESPORTE', 'Esporte');
    master = await item(quotas, 'MASTER', 'Cota Master');
    const tv = await item(platforms, 'TV', 'TV Aberta');
    const digital = await item(platforms, 'DIGITAL', 'Digital');
    const recife = (
      await app.db.select({ id: franchises.id }).from(franchises).where(eq(franchises.name, 'Recife'))
    )[0]!.id;
    await app.db.insert(offerings).values([
      { prospectusYear: 2028, verticalId: esporte, platformId: tv, quotaId: master, quantity: 2 },
      {
        prospectusYear: 2028,
        verticalId: esporte,
        platformId: digital,
        quotaId: master,
        franchiseId: recife,
        quantity: 1,
      },
    ]);
  });
  afterAll(() => app.close());

  const leadCount = async () => (await app.db.select({ n: count() }).from(leads))[0]?.n ?? 0;

  it('3 opportunities in fechado against an offering of 2: 2 created, the third skipped as sold out', async () => {
    const answer = await importOk(
      app,
      seller.headers,
      'leads',
      [
        HEADER,
        `${NUMERIC_CNPJ};Q1;ESPORTE;MASTER;TV;2028;Fechado;`,
        `${NUMERIC_CNPJ};Q2;ESPORTE;MASTER;TV;2028;Fechado;`,
        `${NUMERIC_CNPJ};Q3;ESPORTE;MASTER;TV;2028;Fechado;`,
      ].join('\n'),
      { dry_run: false },
    );
    expect(answer).toMatchObject({ created: 2, updated: 0 });
    expect(answer.skipped).toEqual([
      {
        row: 4,
        field: 'contract_status',
        message: 'Cota esgotada: Cota Master · TV Aberta · Esporte · 2028',
        part: 'row',
        name: NUMERIC_CNPJ,
        issues: [
          { field: 'contract_status', message: 'Cota esgotada: Cota Master · TV Aberta · Esporte · 2028' },
        ],
      },
    ]);
    expect(answer.preview.map((row) => row.action)).toEqual(['create', 'create', 'skip']);
    expect(await leadCount()).toBe(2);
    const [stock] = await app.db
      .select({ held: offeringStock.held, sold: offeringStock.sold })
      .from(offeringStock)
      .innerJoin(offerings, eq(offerings.id, offeringStock.offeringId))
      .where(and(eq(offerings.quotaId, master), isNull(offerings.franchiseId)));
    expect(stock).toEqual({ held: 2, sold: 0 });
  });

  it("names a praça's offering, and writes the rows that take no unit or free one", async () => {
    const answer = await importOk(
      app,
      seller.headers,
      'leads',
      [
        HEADER,
        // Recife's Digital Master has 1 unit: the second holder is refused.
        `${NUMERIC_CNPJ};R1;ESPORTE;MASTER;DIGITAL;2028;Assinado;Recife`,
        `${NUMERIC_CNPJ};R2;ESPORTE;MASTER;DIGITAL;2028;No jurídico;Recife`,
        // Not holding: written whatever the stock.
        `${NUMERIC_CNPJ};Q4;ESPORTE;MASTER;TV;2028;Frio;`,
        // Moving Q1 out of a holding status frees its unit: written, and so is Q5 after it.
        `${NUMERIC_CNPJ};Q1;ESPORTE;MASTER;TV;2028;Declinado;`,
        `${NUMERIC_CNPJ};Q5;ESPORTE;MASTER;TV;2028;Assinado;`,
      ].join('\n'),
      { dry_run: false, on_duplicate: 'update' },
    );
    expect(answer).toMatchObject({ created: 3, updated: 1 });
    expect(answer.skipped.map(({ row, field, message }) => ({ row, field, message }))).toEqual([
      {
        row: 3,
        field: 'contract_status',
        message: 'Cota esgotada: Cota Master · Digital · Esporte · 2028 · Recife',
      },
    ]);
    const stock = await app.db
      .select({ franchise: offerings.franchiseId, held: offeringStock.held, sold: offeringStock.sold })
      .from(offeringStock)
      .innerJoin(offerings, eq(offerings.id, offeringStock.offeringId))
      .where(eq(offerings.prospectusYear, 2028));
    expect(stock.map(({ held, sold }) => ({ held, sold })).sort((a, b) => a.held - b.held)).toEqual([
      { held: 0, sold: 1 },
      { held: 1, sold: 1 },
    ]);
  });

  it('says it in the request language', async () => {
    const answer = await importOk(
      app,
      seller.headers,
      'leads',
      [HEADER, `${NUMERIC_CNPJ};Q6;ESPORTE;MASTER;TV;2028;Fechado;`].join('\n'),
      { dry_run: false, language: 'en' },
    );
    expect(answer.created).toBe(0);
    expect(answer.skipped[0]?.message).toBe('Quota sold out: Cota Master · TV Aberta · Esporte · 2028');
  });
});
