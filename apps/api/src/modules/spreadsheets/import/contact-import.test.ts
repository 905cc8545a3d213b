import type { ContactListResponse } from '@funil/shared';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandVia, createContactVia, NUMERIC_CNPJ } from '../../../../test/brand-fixtures';
import { buildTestApp } from '../../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../../test/sign-in';
import { importOk } from '../../../../test/spreadsheet-fixtures';
import type { App } from '../../../app';
import { contacts as contactsTable } from '../../../db/schema';
import { writtenEventCount } from '../../../../test/written-events';

const HEADER = 'Marca;CNPJ da marca;Cargo;Nome;Sobrenome;Email;Telefone;Principal;Status';

describe('POST /api/contacts/import', () => {
  let app: App;
  let seller: SignedIn;
  let brandId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    brandId = (await createBrandVia(app, seller.headers, { name: 'Marca Contatos', cnpj: NUMERIC_CNPJ })).id;
  });
  afterAll(() => app.close());

  const contactsOfBrand = async () =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/contacts?brand_id=${brandId}&limit=100`,
        headers: seller.headers,
      })
    ).json<ContactListResponse>().data;

  it('creates contacts; the last principal row wins and the brand keeps one principal', async () => {
    const old = await createContactVia(app, seller.headers, brandId, {
      flag: 'principal',
      email: 'velho@x.com',
    });
    const csv = [
      HEADER,
      `Marca Contatos;;Diretor;Ana;Souza;ANA@x.com;11999990000;Sim;Ativo`,
      `;${NUMERIC_CNPJ};;Bia;Lima;bia@x.com;11999990001;Principal;Inactive`,
      `;${NUMERIC_CNPJ};;Caio;Reis;caio@x.com;11999990002;;`,
      `;${NUMERIC_CNPJ};;Caio;Reis;CAIO@x.com;11999990002;;`,
      `;${NUMERIC_CNPJ};;Dani;;dani@x.com;123;talvez;`,
    ].join('\n');
    const answer = await importOk(app, seller.headers, 'contacts', csv, { dry_run: false });
    expect(answer).toMatchObject({ created: 3, updated: 0 });
    expect(
      answer.skipped.map(({ row, field, message, part, name }) => ({ row, field, message, part, name })),
    ).toEqual([
      { row: 5, field: 'email', message: 'Contato repetido na planilha', part: 'row', name: 'Caio Reis' },
      { row: 6, field: 'last_name', message: 'Sobrenome é obrigatório', part: 'row', name: 'Dani' },
    ]);
    expect(answer.skipped[1]?.issues.map((issue) => issue.field)).toEqual([
      'last_name',
      'phone_number',
      'flag',
    ]);
    expect(answer.preview[4]?.issues.map((issue) => issue.field)).toEqual([
      'last_name',
      'phone_number',
      'flag',
    ]);
    const contacts = await contactsOfBrand();
    const byEmail = Object.fromEntries(contacts.map((contact) => [contact.email, contact]));
    expect(byEmail['ana@x.com']).toMatchObject({ position: 'Diretor', flag: 'secundario', status: 'active' });
    expect(byEmail['bia@x.com']).toMatchObject({ flag: 'principal', status: 'inactive' });
    expect(byEmail['caio@x.com']).toMatchObject({ flag: 'secundario', phone_number: '11999990002' });
    expect(byEmail[old.email]?.flag).toBe('secundario');
    expect(contacts.filter((contact) => contact.flag === 'principal')).toHaveLength(1);
  });

  it('skips a contact already in Funil; with update, fills it (and may make it principal)', async () => {
    const csv = [HEADER, `;${NUMERIC_CNPJ};Gerente;Caio;Reis Filho;caio@x.com;21988887777;Sim;`].join('\n');
    const skip = await importOk(app, seller.headers, 'contacts', csv, { language: 'es' });
    expect(skip.skipped).toEqual([
      {
        row: 2,
        field: 'email',
        message: 'Contacto ya registrado',
        part: 'row',
        name: 'Caio Reis Filho',
        issues: [{ field: 'email', message: 'Contacto ya registrado' }],
      },
    ]);
    const update = await importOk(app, seller.headers, 'contacts', csv, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(update).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const contacts = await contactsOfBrand();
    expect(contacts.find((contact) => contact.email === 'caio@x.com')).toMatchObject({
      position: 'Gerente',
      last_name: 'Reis Filho',
      phone_number: '21988887777',
      flag: 'principal',
    });
    expect(contacts.filter((contact) => contact.flag === 'principal')).toHaveLength(1);
  });

  /** Rows waiting in the outbox plus events already in the log: a write adds to one or the other. */
  const eventCount = async () => writtenEventCount(app.db);
  const contactStamps = async () =>
    Object.fromEntries(
      (await app.db.select({ id: contactsTable.id, at: contactsTable.updatedAt }).from(contactsTable)).map(
        (contact) => [contact.id, contact.at.toISOString()],
      ),
    );

  it('re-importing its own export with update changes nothing (no updatedAt, no event); one changed cell updates that contact alone', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/contacts/export?format=csv',
      headers: seller.headers,
    });
    expect(response.statusCode).toBe(200);
    const file = response.body;
    const total = (await contactsOfBrand()).length;
    expect(total).toBeGreaterThanOrEqual(4);
    const stampsBefore = await contactStamps();
    const eventsBefore = await eventCount();

    const answer = await importOk(app, seller.headers, 'contacts', file, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(answer).toMatchObject({ rows: total, created: 0, updated: 0, unchanged: total, skipped: [] });
    expect(await contactStamps()).toEqual(stampsBefore);
    expect(await eventCount()).toBe(eventsBefore);

    const changed = file.replace('Diretor', 'Diretor Comercial');
    expect(changed).not.toBe(file);
    const once = await importOk(app, seller.headers, 'contacts', changed, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(once).toMatchObject({ created: 0, updated: 1, unchanged: total - 1 });
    const ana = (await contactsOfBrand()).find((contact) => contact.email === 'ana@x.com');
    expect(ana?.position).toBe('Diretor Comercial');
    const after = await contactStamps();
    expect(Object.keys(after).filter((id) => after[id] !== stampsBefore[id])).toEqual([ana?.id]);
    expect(await eventCount()).toBe(eventsBefore + 1);
  });

  it('an update row may leave cells empty, required ones too: they keep what the contact holds', async () => {
    const csv = [HEADER, `;${NUMERIC_CNPJ};;;;ANA@x.com;;;Inativo`].join('\n');
    const skip = await importOk(app, seller.headers, 'contacts', csv, { dry_run: false });
    expect(skip.skipped.map((row) => row.message)).toEqual(['Contato já cadastrado']);
    const update = await importOk(app, seller.headers, 'contacts', csv, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(update).toMatchObject({ updated: 1, skipped: [] });
    expect((await contactsOfBrand()).find((contact) => contact.email === 'ana@x.com')).toMatchObject({
      position: 'Diretor Comercial',
      first_name: 'Ana',
      last_name: 'Souza',
      phone_number: '11999990000',
      flag: 'secundario',
      status: 'inactive',
    });
    // A new contact still needs its name and phone.
    const missing = [HEADER, `;${NUMERIC_CNPJ};;;;novo@x.com;;;`].join('\n');
    const answer = await importOk(app, seller.headers, 'contacts', missing, { on_duplicate: 'update' });
    expect(answer.skipped[0]?.issues.map((issue) => issue.field)).toEqual([
      'first_name',
      'last_name',
      'phone_number',
    ]);
  });
});
