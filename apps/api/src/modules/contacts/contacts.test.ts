import type { Contact } from '@funil/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandVia, createContactVia } from '../../../test/brand-fixtures';
import { buildTestApp } from '../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { contacts } from '../../db/schema';

describe('/api/contacts', () => {
  let app: App;
  let seller: SignedIn;
  let manager: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    manager = await signIn(app, { roles: ['manager'] });
  });
  afterAll(() => app.close());

  const post = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/contacts', headers: seller.headers, payload });
  const patch = (id: string, payload: object) =>
    app.inject({ method: 'PATCH', url: `/api/contacts/${id}`, headers: seller.headers, payload });
  const principalsOf = async (brandId: string) =>
    (await app.db.select().from(contacts).where(eq(contacts.brandId, brandId))).filter(
      (row) => row.flag === 'principal',
    );

  it('creates a contact: trimmed, phone as digits, secundario and active by default', async () => {
    const brand = await createBrandVia(app, seller.headers);
    const response = await post({
      brand_id: brand.id,
      position: ' Diretora ',
      first_name: ' Ana ',
      last_name: 'Souza',
      email: 'Ana@Marca.com.br',
      phone_number: '+55 (11) 99999-8888',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      brand_id: brand.id,
      position: 'Diretora',
      first_name: 'Ana',
      last_name: 'Souza',
      email: 'ana@marca.com.br',
      phone_number: '5511999998888',
      flag: 'secundario',
      status: 'active',
    });
  });

  it('checks first name, last name, email and phone in that order; unknown brand is 400', async () => {
    const brand = await createBrandVia(app, seller.headers);
    const row = {
      brand_id: brand.id,
      first_name: 'Ana',
      last_name: 'Souza',
      email: 'ana@m.com.br',
      phone_number: '5511999998888',
    };
    const cases: [object, string][] = [
      [{ ...row, first_name: ' ', last_name: '', email: '', phone_number: '' }, 'Nome é obrigatório'],
      [{ ...row, last_name: '  ', email: '' }, 'Sobrenome é obrigatório'],
      [{ ...row, email: ' ', phone_number: '' }, 'Email é obrigatório'],
      [{ ...row, email: 'ana@' }, 'Email inválido'],
      [{ ...row, phone_number: '' }, 'Telefone é obrigatório'],
      [{ ...row, phone_number: '123' }, 'Telefone deve ter entre 10 e 13 dígitos'],
      [{ ...row, brand_id: '00000000-0000-4000-8000-000000000000' }, 'Marca não encontrada'],
      [{ ...row, brand_id: undefined }, 'Marca é obrigatória'],
    ];
    for (const [payload, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const update = await patch((await createContactVia(app, seller.headers, brand.id)).id, {
      brand_id: brand.id,
    });
    expect(update.statusCode).toBe(400);
  });

  it('keeps one principal per brand: a new principal demotes the previous one', async () => {
    const brand = await createBrandVia(app, seller.headers);
    const first = await createContactVia(app, seller.headers, brand.id, { flag: 'principal' });
    const second = await createContactVia(app, seller.headers, brand.id);
    const promoted = await patch(second.id, { flag: 'principal' });
    expect(promoted.json().flag).toBe('principal');
    expect((await principalsOf(brand.id)).map((row) => row.id)).toEqual([second.id]);
    const third = await createContactVia(app, seller.headers, brand.id, { flag: 'principal' });
    expect((await principalsOf(brand.id)).map((row) => row.id)).toEqual([third.id]);
    // Another brand's principal is untouched.
    const other = await createBrandVia(app, seller.headers);
    await createContactVia(app, seller.headers, other.id, { flag: 'principal' });
    expect((await principalsOf(brand.id)).map((row) => row.id)).toEqual([third.id]);
    expect(
      (await app.inject({ method: 'GET', url: `/api/contacts/${first.id}`, headers: seller.headers })).json()
        .flag,
    ).toBe('secundario');
  });

  it('leaves exactly one principal after ten concurrent "make principal" requests', async () => {
    const brand = await createBrandVia(app, seller.headers);
    const created: Contact[] = [];
    for (let index = 0; index < 10; index += 1)
      created.push(await createContactVia(app, seller.headers, brand.id));
    const answers = await Promise.all(created.map((contact) => patch(contact.id, { flag: 'principal' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(await principalsOf(brand.id)).toHaveLength(1);
    // Concurrent creations as principal too.
    const more = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post({
          brand_id: brand.id,
          first_name: `P${index}`,
          last_name: 'X',
          email: `p${index}@m.com.br`,
          phone_number: '5511999998888',
          flag: 'principal',
        }),
      ),
    );
    expect(more.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(await principalsOf(brand.id)).toHaveLength(1);
  });

  it('searches a phone only with a term of digits and their punctuation; other terms word by word, as text', async () => {
    const brand = await createBrandVia(app, seller.headers);
    await createContactVia(app, seller.headers, brand.id, {
      first_name: 'Ana',
      last_name: 'Lima',
      email: 'ana@marca.com.br',
      phone_number: '5511999990000',
    });
    await createContactVia(app, seller.headers, brand.id, {
      first_name: 'Bruno',
      last_name: 'Costa',
      email: 'bruno@marca.com.br',
      phone_number: '5511987654321',
    });
    await createContactVia(app, seller.headers, brand.id, {
      first_name: 'Carla',
      last_name: 'Dias',
      email: 'carla@marca.com.br',
      phone_number: '5521912345678',
    });
    const firstNames = async (search: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/contacts?brand_id=${brand.id}&sort=first_name&search=${encodeURIComponent(search)}`,
          headers: seller.headers,
        })
      )
        .json<{ data: Contact[] }>()
        .data.map((contact) => contact.first_name);

    expect(await firstNames('11')).toEqual(['Ana', 'Bruno']);
    expect(await firstNames('Ana 11')).toEqual(['Ana']);
    expect(await firstNames('Ana 21')).toEqual([]);
    expect(await firstNames('ana lima')).toEqual(['Ana']);
    expect(await firstNames('(11) 9')).toEqual(['Ana', 'Bruno']);
    expect(await firstNames('+55 (11) 98765-4321')).toEqual(['Bruno']);
    expect(await firstNames('(21) 9')).toEqual(['Carla']);
    // Letters make a term text: its digits are not looked for in the phones.
    expect(await firstNames('x11')).toEqual([]);
    expect(await firstNames('$1')).toEqual([]);
  });

  it('lists by brand, status, flag and search; sorts; deletes with record.delete only', async () => {
    const brand = await createBrandVia(app, seller.headers);
    await createContactVia(app, seller.headers, brand.id, {
      first_name: 'Zélia',
      last_name: 'Alves',
      position: 'Gerente de Marketing',
      flag: 'principal',
    });
    const bruno = await createContactVia(app, seller.headers, brand.id, {
      first_name: 'Bruno',
      last_name: 'Costa',
      email: 'bruno@marca.com.br',
      phone_number: '5521987654321',
      status: 'inactive',
    });
    const query = async (extra: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/contacts?brand_id=${brand.id}${extra}`,
          headers: seller.headers,
        })
      ).json<{ data: Contact[]; total: number }>();
    expect((await query('')).total).toBe(2);
    expect((await query('&search=zelia')).data.map((c) => c.first_name)).toEqual(['Zélia']);
    expect((await query('&search=marketing')).data.map((c) => c.first_name)).toEqual(['Zélia']);
    expect((await query('&search=(21) 98765')).data.map((c) => c.first_name)).toEqual(['Bruno']);
    expect((await query('&status=inactive')).data.map((c) => c.first_name)).toEqual(['Bruno']);
    expect((await query('&flag=principal')).data.map((c) => c.first_name)).toEqual(['Zélia']);
    expect((await query('&sort=first_name')).data.map((c) => c.first_name)).toEqual(['Bruno', 'Zélia']);
    expect((await query('&limit=100')).data.map((c) => c.first_name)).toEqual(['Bruno', 'Zélia']);

    expect(
      (await app.inject({ method: 'DELETE', url: `/api/contacts/${bruno.id}`, headers: seller.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/contacts/${bruno.id}`, headers: manager.headers }))
        .statusCode,
    ).toBe(204);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/contacts/${bruno.id}`,
      headers: manager.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Contato não encontrado');
  });
});
