import type { Brand } from '@funil/shared';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandVia, createContactVia } from '../../../../test/brand-fixtures';
import { buildTestApp } from '../../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../../test/sign-in';
import { importOk } from '../../../../test/spreadsheet-fixtures';
import type { App } from '../../../app';
import { writeAs } from '../../../db/write-as';
import { brands, contacts } from '../../../db/schema';
import { brandImporter } from './brand-rows';
import { readCell } from './cell-values';
import type { ReadRow } from './import-rows';
import { writtenEventCount } from '../../../../test/written-events';

/**
 * Brands imported over the ones Funil holds: who a brand is (its CNPJ and its name), and an update
 * that writes only what differs — a row equal to the stored brand writes nothing (no updatedAt
 * moved, no live event), an empty cell never clears a value.
 */

const HEADER =
  'Nome da marca;Razão social;CNPJ;Descrição;Status;Nome do contato;Sobrenome do contato;Email do contato;Telefone do contato';

/** One company, two brands: they share the CNPJ. */
const SHARED_CNPJ = '82.946.150/0001-57';
const SHARED_DIGITS = '82946150000157';

describe('brands import over stored brands', () => {
  let app: App;
  let seller: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    const cafe = await createBrandVia(app, seller.headers, {
      name: 'Café Brasil',
      company_name: 'Grupo Sabor Ltda',
      cnpj: SHARED_CNPJ,
      description: 'Primeira marca do grupo',
    });
    await createContactVia(app, seller.headers, cafe.id, {
      first_name: 'Ana',
      last_name: 'Souza',
      position: 'Diretora',
      email: 'ana@sabor.com.br',
      phone_number: '5511999990000',
      flag: 'principal',
    });
    await createBrandVia(app, seller.headers, {
      name: 'Chá Brasil',
      company_name: 'Grupo Sabor Ltda',
      cnpj: SHARED_CNPJ,
      status: 'inactive',
    });
    const solo = await createBrandVia(app, seller.headers, {
      name: 'Marca Solo',
      company_name: 'Solo S.A.',
      cnpj: '93.057.264/0001-62',
      area_of_activity: 'Varejo',
    });
    await createContactVia(app, seller.headers, solo.id, {
      first_name: 'Bruno',
      last_name: 'Lima',
      email: 'bruno@solo.com.br',
      phone_number: '1133334444',
      flag: 'principal',
    });
  });
  afterAll(() => app.close());

  /** Rows waiting in the outbox plus events already in the log: a write adds to one or the other. */
  const eventCount = async () => writtenEventCount(app.db);
  /** Every brand's and contact's updatedAt, by id. */
  const stamps = async () => {
    const rows = [
      ...(await app.db.select({ id: brands.id, at: brands.updatedAt }).from(brands)),
      ...(await app.db.select({ id: contacts.id, at: contacts.updatedAt }).from(contacts)),
    ];
    return Object.fromEntries(rows.map((row) => [row.id, row.at.toISOString()]));
  };
  const brandNamed = async (name: string) => {
    const [row] = await app.db.select().from(brands).where(eq(brands.name, name));
    if (!row) throw new Error(`no brand ${name}`);
    return row;
  };
  const exportCsv = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/brands/export?format=csv',
      headers: seller.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('re-importing its own export with update changes nothing: every row unchanged, no updatedAt moved, no event; then one changed cell updates that brand alone', async () => {
    const file = await exportCsv();
    const brandsBefore = (await app.db.select({ n: count() }).from(brands))[0]?.n;
    const stampsBefore = await stamps();
    const eventsBefore = await eventCount();

    const dry = await importOk(app, seller.headers, 'brands', file, { on_duplicate: 'update' });
    expect(dry).toMatchObject({ rows: 3, created: 0, updated: 0, unchanged: 3, contacts_skipped: 0 });
    expect(dry.preview.map((row) => row.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);

    const answer = await importOk(app, seller.headers, 'brands', file, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(answer).toMatchObject({ created: 0, updated: 0, unchanged: 3, skipped: [] });
    expect(await stamps()).toEqual(stampsBefore);
    expect(await eventCount()).toBe(eventsBefore);
    expect((await app.db.select({ n: count() }).from(brands))[0]?.n).toBe(brandsBefore);

    // One cell changed: that brand alone is written (one event), the others stay as they were.
    expect(file.split('Grupo Sabor Ltda')).toHaveLength(3);
    const changed = file.replace('Primeira marca do grupo', 'Marca mais antiga do grupo');
    const once = await importOk(app, seller.headers, 'brands', changed, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(once).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    const cafe = await brandNamed('Café Brasil');
    expect(cafe.description).toBe('Marca mais antiga do grupo');
    const after = await stamps();
    expect(Object.keys(after).filter((id) => after[id] !== stampsBefore[id])).toEqual([cafe.id]);
    expect(await eventCount()).toBe(eventsBefore + 1);
  });

  it('the same CNPJ with another name is a new brand of that company, never a rename, with or without update', async () => {
    const csv = [HEADER, `Café Brasil Gourmet;Grupo Sabor Ltda;${SHARED_DIGITS};;;;;;`].join('\n');
    for (const onDuplicate of ['skip', 'update'] as const) {
      const dry = await importOk(app, seller.headers, 'brands', csv, { on_duplicate: onDuplicate });
      expect(dry).toMatchObject({ created: 1, updated: 0, skipped: [] });
    }
    const cafeBefore = await brandNamed('Café Brasil');
    const answer = await importOk(app, seller.headers, 'brands', csv, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(answer).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    const sharing = await app.db
      .select({ name: brands.name, updatedAt: brands.updatedAt })
      .from(brands)
      .where(eq(brands.cnpj, SHARED_DIGITS))
      .orderBy(asc(brands.createdAt));
    expect(sharing.map((brand) => brand.name)).toEqual(['Café Brasil', 'Chá Brasil', 'Café Brasil Gourmet']);
    expect(sharing[0]?.updatedAt).toEqual(cafeBefore.updatedAt);
  });

  it('the same CNPJ and name, case and accents aside, is that brand: taken, updated, or repeated within the file', async () => {
    const csv = [
      HEADER,
      `CHA BRASIL;Grupo Sabor Ltda;${SHARED_DIGITS};Chás finos;;;;;`,
      `chá brasil;Outra Razão;${SHARED_CNPJ};;;;;;`,
    ].join('\n');
    const skip = await importOk(app, seller.headers, 'brands', csv);
    expect(skip.skipped.map(({ row, message, name }) => ({ row, message, name }))).toEqual([
      { row: 2, message: 'CNPJ já cadastrado', name: 'CHA BRASIL' },
      { row: 3, message: 'CNPJ repetido na planilha', name: 'chá brasil' },
    ]);
    const cha = await brandNamed('Chá Brasil');
    const update = await importOk(app, seller.headers, 'brands', csv, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(update).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect(update.skipped.map((row) => row.message)).toEqual(['CNPJ repetido na planilha']);
    const [stored] = await app.db.select().from(brands).where(eq(brands.id, cha.id));
    // The name is who the brand is: Funil keeps its spelling. The empty status keeps 'inactive'.
    expect(stored).toMatchObject({ name: 'Chá Brasil', description: 'Chás finos', status: 'inactive' });
  });

  it('an empty cell never clears a stored value; a filled one that differs is written', async () => {
    const solo = await brandNamed('Marca Solo');
    const csv = [
      'Nome da marca;Razão social;CNPJ;Área de atuação;Descrição;Cargo do contato;Nome do contato;Sobrenome do contato;Email do contato;Telefone do contato',
      `Marca Solo;;93057264000162;;Nova descrição;;Bruno;Lima;bruno@solo.com.br;1133334444`,
    ].join('\n');
    const answer = await importOk(app, seller.headers, 'brands', csv, {
      dry_run: false,
      on_duplicate: 'update',
    });
    // The empty company name is a missing required field for a new brand: here it is a hole.
    expect(answer.skipped).toEqual([]);
    expect(answer).toMatchObject({ updated: 1 });
    const [stored] = await app.db.select().from(brands).where(eq(brands.id, solo.id));
    expect(stored).toMatchObject({
      companyName: 'Solo S.A.',
      areaOfActivity: 'Varejo',
      description: 'Nova descrição',
    });
  });

  it('a brand equal to the stored one with a different contact updates the contact alone: the brand keeps its updatedAt', async () => {
    const solo = await brandNamed('Marca Solo');
    const [contactBefore] = await app.db
      .select()
      .from(contacts)
      .where(eq(contacts.email, 'bruno@solo.com.br'));
    const eventsBefore = await eventCount();
    const csv = [
      HEADER,
      `Marca Solo;Solo S.A.;93057264000162;;;Bruno;Lima Neto;bruno@solo.com.br;1133334444`,
    ].join('\n');
    const answer = await importOk(app, seller.headers, 'brands', csv, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(answer).toMatchObject({ updated: 1, unchanged: 0 });
    const [brandAfter] = await app.db.select().from(brands).where(eq(brands.id, solo.id));
    expect(brandAfter?.updatedAt).toEqual(solo.updatedAt);
    const [contactAfter] = await app.db
      .select()
      .from(contacts)
      .where(eq(contacts.email, 'bruno@solo.com.br'));
    expect(contactAfter).toMatchObject({ id: contactBefore?.id, lastName: 'Lima Neto', flag: 'principal' });
    expect(contactAfter?.updatedAt.getTime()).toBeGreaterThan(contactBefore?.updatedAt.getTime() ?? Infinity);
    expect(await eventCount()).toBe(eventsBefore + 1);
  });

  it('an update planned before the brand changed to the same values writes nothing (the statement compares again)', async () => {
    const solo = await brandNamed('Marca Solo');
    const cell = (text: string) => readCell(text);
    const row: ReadRow = {
      line: 2,
      cells: new Map([
        ['name', cell('Marca Solo')],
        ['company_name', cell('Solo S.A.')],
        ['cnpj', cell('93057264000162')],
        ['responsible', cell('Carla')],
      ]),
      values: {},
      issues: [],
    };
    const [planned] = await brandImporter.plan(app.db, [row], {
      onDuplicate: 'update',
      delimiter: ';',
    });
    expect(planned?.action).toBe('update');
    // Someone else writes the same value meanwhile.
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/brands/${solo.id}`,
      headers: seller.headers,
      payload: { responsible: 'Carla' },
    });
    expect(patched.json<Brand>().responsible).toBe('Carla');
    const [before] = await app.db.select().from(brands).where(eq(brands.id, solo.id));
    const eventsBefore = await eventCount();
    await writeAs(app.db, seller.user.id, (tx) =>
      brandImporter.write(tx, planned?.write ? [planned.write] : [], { userId: seller.user.id }),
    );
    const [after] = await app.db.select().from(brands).where(eq(brands.id, solo.id));
    expect(after?.updatedAt).toEqual(before?.updatedAt);
    expect(await eventCount()).toBe(eventsBefore);
  });
});
