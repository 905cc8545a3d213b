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
import { brands, contacts, events } from '../../../db/schema';
import { writtenEventCount } from '../../../../test/written-events';

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
  const eventCount = async () => writtenEventCount(app.db);
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
    expect(answer).toMatchObject({ dry_run: true, rows: 2, created: 1, updated: 0, unchanged: 0 });
    expect(answer.skipped).toEqual([
      {
        row: 3,
        field: 'cnpj',
        message: 'CNPJ inválido',
        part: 'row',
        name: 'Marca Errada',
        issues: [{ field: 'cnpj', message: 'CNPJ inválido' }],
      },
    ]);
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
    // A bad brand skips the row; a bad contact only the contact (the brand is still created).
    expect(
      answer.skipped.map(({ row, field, message, part, name }) => ({ row, field, message, part, name })),
    ).toEqual([
      { row: 2, field: 'cnpj', message: 'Invalid CNPJ', part: 'row', name: 'Marca A' },
      { row: 3, field: 'cnpj', message: 'Invalid CNPJ', part: 'row', name: 'Marca B' },
      { row: 4, field: 'contact_email', message: 'Invalid email', part: 'contact', name: 'Marca C' },
      {
        row: 5,
        field: 'contact_phone',
        message: expect.stringMatching(/10 and 13 digits/),
        part: 'contact',
        name: 'Marca D',
      },
      { row: 6, field: 'name', message: expect.any(String), part: 'row', name: null },
    ]);
    expect(answer).toMatchObject({ created: 2, contacts_skipped: 2 });
    expect(answer.preview.map((row) => row.action)).toEqual(['skip', 'skip', 'create', 'create', 'skip']);
    expect(answer.skipped[4]?.issues.map((issue) => issue.field)).toEqual(['name', 'cnpj']);
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
    // The same brand is the same CNPJ and the same name, case and accents aside; another name on
    // the CNPJ is another brand of the same company.
    const csv = [
      HEADER_PT,
      `MARCA EXISTENTE;Nova Razão;13952572000112;Inativo;Bia;Lima;bia@x.com;21988887777`,
      `Marca Nova;Nova Ltda;96.176.354/0001-60;;;;;`,
      `MARCA NOVA;Nova Ltda;96176354000160;;;;;`,
      `Marca Nova 2;Nova Ltda;96176354000160;;;;;`,
    ].join('\n');
    const skip = await importOk(app, seller.headers, 'brands', csv);
    expect(skip.skipped).toEqual([
      {
        row: 2,
        field: 'cnpj',
        message: 'CNPJ já cadastrado',
        part: 'row',
        name: 'MARCA EXISTENTE',
        issues: [{ field: 'cnpj', message: 'CNPJ já cadastrado' }],
      },
      {
        row: 4,
        field: 'cnpj',
        message: 'CNPJ repetido na planilha',
        part: 'row',
        name: 'MARCA NOVA',
        issues: [{ field: 'cnpj', message: 'CNPJ repetido na planilha' }],
      },
    ]);
    expect(skip.preview.map((row) => row.action)).toEqual(['skip', 'create', 'skip', 'create']);

    const update = await importOk(app, seller.headers, 'brands', csv, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(update).toMatchObject({ created: 2, updated: 1, unchanged: 0 });
    const brand = (
      await app.inject({ method: 'GET', url: `/api/brands/${existing.id}`, headers: seller.headers })
    ).json<Brand>();
    // The name matched (case aside): Funil keeps its own spelling.
    expect(brand).toMatchObject({
      name: 'Marca Existente',
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

  it('a `;` CSV as Excel saves it (Windows-1252, CRLF) with two brands of one CNPJ and a contact as a full name alone: both brands created, each contact reported as not imported', async () => {
    const cnpj = '27.184.639/0001-20';
    const csv = [
      'Nome;Razão social;CNPJ;Contato',
      `Marca Azul;Cores Ltda;${cnpj};Maria Silva`,
      `Marca Verde;Cores Ltda;${cnpj};João  da Costa`,
    ].join('\r\n');
    const answer = await importOk(app, seller.headers, 'brands', Buffer.from(csv, 'latin1'), {
      dry_run: false,
      mapping: { Nome: 'name', 'Razão social': 'company_name', CNPJ: 'cnpj', Contato: 'contact_name' },
    });
    expect(answer).toMatchObject({ created: 2, updated: 0, unchanged: 0, contacts_skipped: 2 });
    const contactIssues = [
      { field: 'contact_email', message: 'Email é obrigatório' },
      { field: 'contact_phone', message: 'Telefone é obrigatório' },
    ];
    expect(answer.skipped).toEqual([
      { row: 2, ...contactIssues[0], part: 'contact', name: 'Marca Azul', issues: contactIssues },
      { row: 3, ...contactIssues[0], part: 'contact', name: 'Marca Verde', issues: contactIssues },
    ]);
    expect(answer.preview.map((row) => [row.action, row.issues])).toEqual([
      ['create', contactIssues],
      ['create', contactIssues],
    ]);
    const stored = await brandsByCnpj('27184639000120');
    expect(stored.map((brand) => [brand.name, brand.company_name, brand.principal_contact]).sort()).toEqual([
      ['Marca Azul', 'Cores Ltda', null],
      ['Marca Verde', 'Cores Ltda', null],
    ]);
  });

  it('a brands file as a team keeps it — Nome, Razão social, CNPJ, Contato, two brands of one company and a stray `;` — imports as a person expects, with no mapping', async () => {
    const shared = '31.827.465/0001-44';
    const csv = [
      'Nome;Razão social;CNPJ;Contato',
      `Tinta Azul;Cores Indústria Ltda;${shared};Maria Silva`,
      `Tinta Verde;Cores Indústria Ltda;${shared};João da Costa`,
      // A `;` typed inside the name: every later value would land one column over.
      'Pão; Doce;Padaria São Jorge Ltda;45.219.387/0001-00;Ana Lima',
      'Marca Única;Única Comércio Ltda;50.963.124/0001-40;',
    ].join('\r\n');
    const file = Buffer.from(`${csv}\r\n`, 'latin1');
    const dryRun = await importOk(app, seller.headers, 'brands', file, {});
    expect(dryRun.columns).toEqual([
      { header: 'Nome', field: 'name' },
      { header: 'Razão social', field: 'company_name' },
      { header: 'CNPJ', field: 'cnpj' },
      { header: 'Contato', field: 'contact_name' },
    ]);
    expect(dryRun.preview.map((row) => [row.row, row.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'skip'],
      [5, 'create'],
    ]);
    const answer = await importOk(app, seller.headers, 'brands', file, { dry_run: false });
    expect(answer).toMatchObject({ rows: 4, created: 3, updated: 0, unchanged: 0, contacts_skipped: 2 });
    expect(answer.skipped.map(({ row, part, name, message }) => ({ row, part, name, message }))).toEqual([
      { row: 2, part: 'contact', name: 'Tinta Azul', message: 'Email é obrigatório' },
      { row: 3, part: 'contact', name: 'Tinta Verde', message: 'Email é obrigatório' },
      { row: 4, part: 'row', name: 'Pão', message: 'Linha com 5 colunas; o cabeçalho tem 4' },
    ]);
    expect((await brandsByCnpj('31827465000144')).map((brand) => brand.name).sort()).toEqual([
      'Tinta Azul',
      'Tinta Verde',
    ]);
    expect(await brandsByCnpj('45219387000100')).toEqual([]);
    expect(await brandsByCnpj('50963124000140')).toMatchObject([
      { name: 'Marca Única', company_name: 'Única Comércio Ltda', principal_contact: null },
    ]);
    // The same file again: the three brands are there, nothing is written twice.
    const again = await importOk(app, seller.headers, 'brands', file, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });

  it('a full name column gives the first name (its first word) and the last name (the rest); a single word is a contact without a last name', async () => {
    const csv = [
      'Nome;Razão social;CNPJ;Contato;Email;Telefone',
      `Marca Cheia;Cheia Ltda;58.392.017/0001-11;  João   da  Costa ;joao@cheia.com;11999990000`,
      `Marca Curta;Curta Ltda;64.027.513/0001-79;Maria;maria@curta.com;11999990000`,
      `;Sem Nome Ltda;71.530.928/0001-26;Ana Lima;nao-e-email;`,
    ].join('\n');
    const answer = await importOk(app, seller.headers, 'brands', csv, {
      dry_run: false,
      mapping: {
        Nome: 'name',
        'Razão social': 'company_name',
        Contato: 'contact_name',
        Email: 'contact_email',
        Telefone: 'contact_phone',
      },
    });
    expect(answer).toMatchObject({ created: 2, contacts_skipped: 1 });
    expect(answer.skipped).toEqual([
      {
        row: 3,
        field: 'contact_name',
        message: 'Sobrenome é obrigatório',
        part: 'contact',
        name: 'Marca Curta',
        issues: [{ field: 'contact_name', message: 'Sobrenome é obrigatório' }],
      },
      // An invalid brand skips the whole row, with its contact's problems too.
      {
        row: 4,
        field: 'name',
        message: 'Nome da marca é obrigatório',
        part: 'row',
        name: null,
        issues: [
          { field: 'name', message: 'Nome da marca é obrigatório' },
          { field: 'contact_email', message: 'Email inválido' },
          { field: 'contact_phone', message: 'Telefone é obrigatório' },
        ],
      },
    ]);
    const [full] = await brandsByCnpj('58392017000111');
    expect(full?.principal_contact).toEqual({
      name: 'João da Costa',
      email: 'joao@cheia.com',
      phone_number: '11999990000',
    });
    const stored = await app.db
      .select({ first: contacts.firstName, last: contacts.lastName })
      .from(contacts)
      .where(eq(contacts.email, 'joao@cheia.com'));
    expect(stored).toEqual([{ first: 'João', last: 'da Costa' }]);
    const [short] = await brandsByCnpj('64027513000179');
    expect(short).toMatchObject({ name: 'Marca Curta', principal_contact: null });
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
