import type { Brand, BrandListResponse, ContactListResponse } from '@funil/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALPHANUMERIC_CNPJ,
  createBrandVia,
  createContactVia,
  NUMERIC_CNPJ,
} from '../../../../test/brand-fixtures';
import { buildTestApp } from '../../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../../test/sign-in';
import {
  importOk,
  importVia,
  MORE_CNPJS,
  multipartForm,
  xlsxOf,
} from '../../../../test/spreadsheet-fixtures';
import type { App } from '../../../app';
import { brands, contacts, eventOutbox, events } from '../../../db/schema';

const HEADER_PT =
  'Nome da marca;Razão social;CNPJ;Status;Nome do contato;Sobrenome do contato;Email do contato;Telefone do contato';

describe('POST /api/brands/import', () => {
  let app: App;
  let seller: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
  });
  afterAll(() => app.close());

  const brandCount = async () => (await app.db.select({ n: count() }).from(brands))[0]?.n ?? 0;
  /** Rows waiting in the outbox plus events already in the log: a write adds to one or the other. */
  const eventCount = async () =>
    ((await app.db.select({ n: count() }).from(eventOutbox))[0]?.n ?? 0) +
    ((await app.db.select({ n: count() }).from(events))[0]?.n ?? 0);
  const brandsByCnpj = async (cnpj: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/brands?search=${encodeURIComponent(cnpj)}&limit=100`,
      headers: seller.headers,
    });
    return response.json<BrandListResponse>().data;
  };

  it('answers 401 without a token', async () => {
    const response = await importVia(app, {}, 'brands', `${HEADER_PT}\nA;B;${NUMERIC_CNPJ};;;;;`);
    expect(response.statusCode).toBe(401);
  });

  it('a dry run (the default) plans every row and writes nothing: no brand, no contact, no event', async () => {
    const brandsBefore = await brandCount();
    const eventsBefore = await eventCount();
    const csv = [
      HEADER_PT,
      `Marca Seca;Seca Ltda;${MORE_CNPJS[0]};Ativo;Ana;Souza;ana@seca.com.br;(11) 99999-0000`,
      `Marca Errada;Errada Ltda;11.111.111/1111-11;;;;;`,
    ].join('\n');
    const answer = await importOk(app, seller.headers, 'brands', csv);
    expect(answer).toMatchObject({ dry_run: true, rows: 2, created: 1, updated: 0 });
    expect(answer.skipped).toEqual([{ row: 3, field: 'cnpj', message: 'CNPJ inválido' }]);
    expect(answer.columns).toEqual([
      { header: 'Nome da marca', field: 'name' },
      { header: 'Razão social', field: 'company_name' },
      { header: 'CNPJ', field: 'cnpj' },
      { header: 'Status', field: 'status' },
      { header: 'Nome do contato', field: 'contact_first_name' },
      { header: 'Sobrenome do contato', field: 'contact_last_name' },
      { header: 'Email do contato', field: 'contact_email' },
      { header: 'Telefone do contato', field: 'contact_phone' },
    ]);
    expect(answer.preview[0]).toMatchObject({
      row: 2,
      action: 'create',
      values: { name: 'Marca Seca', contact_phone: '(11) 99999-0000' },
      issues: [],
    });
    expect(await brandCount()).toBe(brandsBefore);
    expect(await eventCount()).toBe(eventsBefore);
  });

  it('commits brands with their principal contact in one go, events naming the importer', async () => {
    const csv = [
      HEADER_PT,
      `Marca Um;Um Ltda;${NUMERIC_CNPJ};Ativo;Ana;Souza;ANA@um.com.br;+55 11 99999-0000`,
      `Marca Alfa;Alfa Ltda;${ALPHANUMERIC_CNPJ.toLowerCase()};Inativo;;;;`,
    ].join('\r\n');
    const answer = await importOk(app, seller.headers, 'brands', csv, { dry_run: false });
    expect(answer).toMatchObject({ dry_run: false, rows: 2, created: 2, updated: 0, skipped: [] });
    const [one] = await brandsByCnpj('11222333000181');
    expect(one).toMatchObject({
      name: 'Marca Um',
      cnpj: '11222333000181',
      status: 'active',
      principal_contact: { name: 'Ana Souza', email: 'ana@um.com.br', phone_number: '5511999990000' },
    });
    const [alfa] = await brandsByCnpj('12ABC34501DE35');
    expect(alfa).toMatchObject({ name: 'Marca Alfa', status: 'inactive', principal_contact: null });
    // Each record's event names the importer (the outbox turns into the log asynchronously).
    const contactId = (
      await app.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.email, 'ana@um.com.br'))
    )[0]?.id;
    for (const id of [one?.id, alfa?.id, contactId]) {
      await expect
        .poll(async () =>
          (await app.db.select().from(events)).some(
            (row) => row.data.includes(String(id)) && row.data.includes(seller.user.id),
          ),
        )
        .toBe(true);
    }
  });

  it('reads headers in any language, case and accents, and keeps an explicit mapping over a guess', async () => {
    const csv = [
      'BRAND NAME,legal name,cnpj,ESTADO,Correo,Telefono,Observação',
      `Marca En,En Ltda,${MORE_CNPJS[1]},Inactive,en@marca.com,11999990000,nota`,
    ].join('\n');
    const guessed = await importOk(app, seller.headers, 'brands', csv);
    expect(guessed.columns.map((column) => column.field)).toEqual([
      'name',
      'company_name',
      'cnpj',
      'status',
      'contact_email',
      'contact_phone',
      null,
    ]);
    const mapped = await importOk(app, seller.headers, 'brands', csv, {
      mapping: { 'legal name': 'description', Observação: 'company_name', Correo: null },
    });
    expect(mapped.columns.map((column) => column.field)).toEqual([
      'name',
      'description',
      'cnpj',
      'status',
      null,
      'contact_phone',
      'company_name',
    ]);
    // The contact has a phone but no name or email: the contact's own messages.
    expect(mapped.preview[0]?.issues.map((issue) => issue.field)).toEqual([
      'contact_first_name',
      'contact_last_name',
      'contact_email',
    ]);
  });

  it('refuses an unknown field in the mapping, or a mapping that is not JSON', async () => {
    const csv = `CNPJ\n${NUMERIC_CNPJ}`;
    for (const mapping of ['{"CNPJ":"nope"}', 'not json', '[1]']) {
      const body = multipartForm([
        { name: 'file', filename: 'a.csv', type: 'text/csv', data: Buffer.from(csv) },
      ]);
      const response = await app.inject({
        method: 'POST',
        url: `/api/brands/import?mapping=${encodeURIComponent(mapping)}`,
        headers: { ...seller.headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.json<{ message: string }>().message, mapping).toBe('Mapeamento de colunas inválido');
      expect(response.statusCode, mapping).toBe(400);
    }
  });

  it('reports bad CNPJs (numeric and alphanumeric), emails and phones with the API messages, in English when asked', async () => {
    const csv = [
      HEADER_PT,
      `Marca A;A Ltda;11.222.333/0001-80;;Ana;Souza;ana@a.com;11999990000`,
      `Marca B;B Ltda;12.ABC.345/01DE-34;;Ana;Souza;ana@b.com;11999990000`,
      `Marca C;C Ltda;${MORE_CNPJS[2]};;Ana;Souza;nao-e-email;11999990000`,
      `Marca D;D Ltda;04.252.011/0001-10;;Ana;Souza;ana@d.com;123`,
      `;D Ltda;;;;;;`,
    ].join('\n');
    const answer = await importOk(app, seller.headers, 'brands', csv, { language: 'en' });
    expect(answer.skipped).toEqual([
      { row: 2, field: 'cnpj', message: 'Invalid CNPJ' },
      { row: 3, field: 'cnpj', message: 'Invalid CNPJ' },
      { row: 4, field: 'contact_email', message: 'Invalid email' },
      { row: 5, field: 'contact_phone', message: expect.stringMatching(/10 and 13 digits/) },
      { row: 6, field: 'name', message: expect.any(String) },
    ]);
    expect(answer.preview[4]?.issues.map((issue) => issue.field)).toEqual(['name', 'cnpj']);
  });

  it('reads a formula cell as its cached result and stores texts that start like formulas as written, the exporter escape undone', async () => {
    const xlsx = await xlsxOf([
      [
        'Nome da marca',
        'Razão social',
        'CNPJ',
        'Descrição',
        'Telefone do contato',
        'Nome do contato',
        'Sobrenome do contato',
        'Email do contato',
      ],
      [
        { formula: 'HYPERLINK("http://x","Marca F")', result: 'Marca F' },
        'F Ltda',
        '39.005.550/0001-39',
        '',
        '',
        '',
        '',
        '',
      ],
      ['Marca G', 'G Ltda', '80.209.694/0001-00', '=1+1', '', '', '', ''],
      [
        'Marca H',
        'H Ltda',
        '46.951.521/0001-25',
        '- nota qualquer',
        '+55 11 99999-0000',
        'Ana',
        'Souza',
        'ana@h.com',
      ],
      ['Marca I', 'I Ltda', '14.596.142/0001-78', "'=SUM(A1)", '', '', '', ''],
      ['Marca J', 'J Ltda', '20.047.703/0001-82', '@SUM(A1)', '', '', '', ''],
    ]);
    const before = await brandCount();
    const answer = await importOk(app, seller.headers, 'brands', xlsx, {
      dry_run: false,
      filename: 'x.xlsx',
    });
    expect(answer.skipped).toEqual([]);
    expect(answer.preview.map((row) => row.values.name)).toEqual([
      'Marca F',
      'Marca G',
      'Marca H',
      'Marca I',
      'Marca J',
    ]);
    expect(await brandCount()).toBe(before + 5);
    const descriptionOf = async (name: string) =>
      (await app.db.select().from(brands).where(eq(brands.name, name)))[0]?.description;
    expect(await descriptionOf('Marca G')).toBe('=1+1');
    expect(await descriptionOf('Marca H')).toBe('- nota qualquer');
    expect(await descriptionOf('Marca I')).toBe('=SUM(A1)');
    expect(await descriptionOf('Marca J')).toBe('@SUM(A1)');
  });

  it('skips a CNPJ repeated in the file and one already in Funil; with update, fills the existing brand and replaces its principal', async () => {
    const existing = await createBrandVia(app, seller.headers, {
      name: 'Marca Existente',
      cnpj: '13.952.572/0001-12',
    });
    const older = await createContactVia(app, seller.headers, existing.id, {
      flag: 'principal',
      email: 'old@x.com',
    });
    const csv = [
      HEADER_PT,
      `MARCA EXISTENTE;Nova Razão;13952572000112;Inativo;Bia;Lima;bia@x.com;21988887777`,
      `Marca Nova;Nova Ltda;96.176.354/0001-60;;;;;`,
      `Marca Nova 2;Nova Ltda;96176354000160;;;;;`,
    ].join('\n');
    const skip = await importOk(app, seller.headers, 'brands', csv);
    expect(skip.skipped).toEqual([
      { row: 2, field: 'cnpj', message: 'CNPJ já cadastrado' },
      { row: 4, field: 'cnpj', message: 'CNPJ repetido na planilha' },
    ]);
    expect(skip.preview.map((row) => row.action)).toEqual(['skip', 'create', 'skip']);

    const update = await importOk(app, seller.headers, 'brands', csv, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(update).toMatchObject({ created: 1, updated: 1 });
    const brand = (
      await app.inject({ method: 'GET', url: `/api/brands/${existing.id}`, headers: seller.headers })
    ).json<Brand>();
    expect(brand).toMatchObject({
      name: 'MARCA EXISTENTE',
      company_name: 'Nova Razão',
      status: 'inactive',
      principal_contact: { name: 'Bia Lima', email: 'bia@x.com' },
    });
    const list = (
      await app.inject({
        method: 'GET',
        url: `/api/contacts?brand_id=${existing.id}`,
        headers: seller.headers,
      })
    ).json<ContactListResponse>();
    expect(list.data.find((contact) => contact.id === older.id)?.flag).toBe('secundario');
    const principals = await app.db
      .select({ n: count() })
      .from(contacts)
      .where(eq(contacts.brandId, existing.id));
    expect(principals[0]?.n).toBe(2);
  });

  it('reads XLSX cells: numbers (a CNPJ losing its leading zero), rich text and hyperlinks', async () => {
    const xlsx = await xlsxOf([
      [
        'name',
        'company_name',
        'cnpj',
        'contact_first_name',
        'contact_last_name',
        'contact_email',
        'contact_phone',
      ],
      [
        { richText: [{ text: 'Marca ' }, { text: 'Rica', font: { bold: true } }] },
        'Rica Ltda',
        4252011000110,
        'Caio',
        'Lima',
        { text: 'caio@rica.com', hyperlink: 'mailto:caio@rica.com' },
        5511988887777,
      ],
    ]);
    const answer = await importOk(app, seller.headers, 'brands', xlsx, { filename: 'rica.xlsx' });
    expect(answer.preview[0]).toMatchObject({
      action: 'create',
      values: { name: 'Marca Rica', contact_email: 'caio@rica.com', contact_phone: '5511988887777' },
    });
  });
});
