import type { Brand } from '@funil/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALPHANUMERIC_CNPJ,
  createBrandVia,
  createContactVia,
  NUMERIC_CNPJ,
} from '../../../test/brand-fixtures';
import { buildTestApp } from '../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { brands, leads, platforms, quotas, verticals } from '../../db/schema';

describe('/api/brands', () => {
  let app: App;
  let admin: SignedIn;
  let seller: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await signIn(app, { roles: ['admin'] });
    seller = await signIn(app, { roles: ['comercial'] });
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.db.delete(leads);
    await app.db.delete(brands);
  });

  const post = (payload: object, as: SignedIn = seller) =>
    app.inject({ method: 'POST', url: '/api/brands', headers: as.headers, payload });
  const list = (query: string, as: SignedIn = seller) =>
    app.inject({ method: 'GET', url: `/api/brands${query}`, headers: as.headers });
  const names = async (query: string) =>
    (await list(query)).json<{ data: Brand[] }>().data.map((brand) => brand.name);

  it('creates a brand with a numeric CNPJ kept as its 14 digits, active, without contact or picture', async () => {
    const response = await post({
      name: ' Café Serra Azul ',
      company_name: 'Torrefação Serra Azul S.A.',
      cnpj: NUMERIC_CNPJ,
      area_of_activity: 'Bebidas',
      segmentation: 'B2C',
      responsible: '',
    });
    expect(response.statusCode).toBe(201);
    const brand = response.json<Brand>();
    expect(brand).toMatchObject({
      name: 'Café Serra Azul',
      company_name: 'Torrefação Serra Azul S.A.',
      cnpj: '11222333000181',
      area_of_activity: 'Bebidas',
      segmentation: 'B2C',
      responsible: null,
      description: null,
      status: 'active',
      image_url: null,
      principal_contact: null,
    });
    expect(brand._id).toBe(brand.id);
    expect(
      (await app.inject({ method: 'GET', url: `/api/brands/${brand.id}`, headers: admin.headers })).json(),
    ).toEqual(brand);
  });

  it('accepts the alphanumeric CNPJ in any case and with or without the mask, stored in upper case', async () => {
    for (const cnpj of [ALPHANUMERIC_CNPJ, '12abc34501de35', '12.abc.345/01DE-35']) {
      const response = await post({ name: 'Marca Alfa', company_name: 'Alfa Ltda', cnpj });
      expect(response.statusCode, cnpj).toBe(201);
      expect(response.json().cnpj).toBe('12ABC34501DE35');
    }
  });

  it('answers the form messages: name, company name, CNPJ required or invalid, status', async () => {
    const cases: [object, string][] = [
      [{ name: 'A', company_name: 'Empresa', cnpj: NUMERIC_CNPJ }, 'Nome da marca é obrigatório'],
      [{ name: 'Marca', company_name: ' ', cnpj: NUMERIC_CNPJ }, 'Razão social é obrigatória'],
      [{ name: 'Marca', company_name: 'Empresa' }, 'CNPJ é obrigatório'],
      [{ name: 'Marca', company_name: 'Empresa', cnpj: '11.222.333/0001-82' }, 'CNPJ inválido'],
      [{ name: 'Marca', company_name: 'Empresa', cnpj: '12.ABC.345/01DE-36' }, 'CNPJ inválido'],
      [{ name: 'Marca', company_name: 'Empresa', cnpj: NUMERIC_CNPJ, status: 'x' }, 'Selecione um status'],
    ];
    for (const [payload, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const english = await app.inject({
      method: 'POST',
      url: '/api/brands',
      headers: { ...seller.headers, 'accept-language': 'en' },
      payload: { name: 'Marca', company_name: 'Empresa', cnpj: '123' },
    });
    expect(english.json().message).toBe('Invalid CNPJ');
    const extra = await post({ name: 'Marca', company_name: 'Empresa', cnpj: NUMERIC_CNPJ, image_url: '/x' });
    expect(extra.statusCode).toBe(400);
    expect(await app.db.select().from(brands)).toHaveLength(0);
  });

  it('patches any field, clears optional ones with null or "", and answers its own 404', async () => {
    const brand = await createBrandVia(app, seller.headers, { responsible: 'Bia', description: 'Texto' });
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/brands/${brand.id}`,
      headers: seller.headers,
      payload: { responsible: null, description: '', status: 'inactive', cnpj: ALPHANUMERIC_CNPJ },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      responsible: null,
      description: null,
      status: 'inactive',
      cnpj: '12ABC34501DE35',
    });
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/brands/00000000-0000-4000-8000-000000000000',
      headers: seller.headers,
      payload: { name: 'Outra' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Marca não encontrada');
  });

  it('embeds the principal contact in every brand, and follows its changes', async () => {
    const brand = await createBrandVia(app, seller.headers, { name: 'Com Contato' });
    await createBrandVia(app, seller.headers, { name: 'Sem Contato' });
    await createContactVia(app, seller.headers, brand.id, { first_name: 'Secundária', last_name: 'Um' });
    const principal = await createContactVia(app, seller.headers, brand.id, {
      first_name: 'Paula',
      last_name: 'Reis',
      email: 'paula@marca.com.br',
      phone_number: '5511912345678',
      flag: 'principal',
    });
    const byName = Object.fromEntries(
      (await list('?limit=100')).json<{ data: Brand[] }>().data.map((b) => [b.name, b]),
    );
    expect(byName['Com Contato']?.principal_contact).toEqual({
      name: 'Paula Reis',
      email: 'paula@marca.com.br',
      phone_number: '5511912345678',
    });
    expect(byName['Sem Contato']?.principal_contact).toBeNull();
    await app.inject({
      method: 'PATCH',
      url: `/api/contacts/${principal.id}`,
      headers: seller.headers,
      payload: { flag: 'secundario' },
    });
    expect(
      (await app.inject({ method: 'GET', url: `/api/brands/${brand.id}`, headers: seller.headers })).json()
        .principal_contact,
    ).toBeNull();
  });

  it('searches name, company name, CNPJ characters, responsible and the principal contact, ignoring accents and case', async () => {
    const cafe = await createBrandVia(app, seller.headers, {
      name: 'Café São João',
      company_name: 'Torrefação Ltda',
      cnpj: NUMERIC_CNPJ,
    });
    await createBrandVia(app, seller.headers, {
      name: 'Banco Azul',
      company_name: 'Banco Azul S.A.',
      cnpj: ALPHANUMERIC_CNPJ,
      responsible: 'Íris Prado',
    });
    await createContactVia(app, seller.headers, cafe.id, {
      first_name: 'Jéssica',
      last_name: 'Moraes',
      email: 'jessica@cafe.com.br',
      flag: 'principal',
    });

    expect(await names('?search=sao joao')).toEqual(['Café São João']);
    expect(await names('?search=TORREFACAO')).toEqual(['Café São João']);
    expect(await names('?search=iris')).toEqual(['Banco Azul']);
    expect(await names('?search=jessica moraes')).toEqual(['Café São João']);
    expect(await names('?search=@cafe.com')).toEqual(['Café São João']);
    // CNPJ by its characters, masked or not, by prefix, in any case.
    expect(await names('?search=11.222')).toEqual(['Café São João']);
    expect(await names('?search=12.ABC.345/01')).toEqual(['Banco Azul']);
    // Wildcards are characters.
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?search=_')).toEqual([]);
    // `name` looks at the brand's name only.
    expect(await names('?name=azul')).toEqual(['Banco Azul']);
    expect(await names('?name=torrefacao')).toEqual([]);
  });

  it('searches the CNPJ only with a term of digits or one that begins a CNPJ, masked or not; any other term is text', async () => {
    // 11222333000181, 12ABC34501DE35 and 12345678000195: each holds a 1, a 2 and a 3.
    await createBrandVia(app, seller.headers, {
      name: 'Café',
      company_name: 'Torrefação',
      cnpj: NUMERIC_CNPJ,
    });
    await createBrandVia(app, seller.headers, {
      name: 'Banco',
      company_name: 'Banco S.A.',
      cnpj: ALPHANUMERIC_CNPJ,
    });
    await createBrandVia(app, seller.headers, {
      name: 'Doces',
      company_name: 'Doces Ltda',
      cnpj: '12.345.678/0001-95',
    });
    const found = (search: string) => names(`?search=${encodeURIComponent(search)}`);

    // Other characters are text: "$1" is never reduced to its digits.
    expect(await found('$1')).toEqual([]);
    // Digits, with or without their punctuation, anywhere in the CNPJ.
    expect(await found('1')).toEqual(['Banco', 'Café', 'Doces']);
    expect(await found('12.345')).toEqual(['Doces']);
    expect(await found('333/0001-81')).toEqual(['Café']);
    // The masked shape, begun or complete, in any case; and the complete CNPJ without its mask.
    expect(await found('12.abc')).toEqual(['Banco']);
    expect(await found('12.ABC.345/01')).toEqual(['Banco']);
    expect(await found('12.ABC.345/01DE-35')).toEqual(['Banco']);
    expect(await found('12abc34501de35')).toEqual(['Banco']);
    // The start of a CNPJ without its mask, in any case.
    for (const term of ['12abc3', '12ABC3', '12abc', '12ABC34501D'])
      expect(await found(term), term).toEqual(['Banco']);
    // Its beginning only: characters from its middle, or a start no CNPJ has, find nothing.
    expect(await found('2ABC3')).toEqual([]);
    expect(await found('a1')).toEqual([]);
    // The mask fixes where the characters sit: "AB.C" begins a CNPJ, it is not found inside one.
    expect(await found('BC.345')).toEqual([]);
  });

  it('filters by status, sorts, and pages with the total', async () => {
    for (const [index, name] of ['Delta', 'alfa', 'Charlie', 'Bravo', 'Eco'].entries()) {
      await createBrandVia(app, seller.headers, { name, status: index === 4 ? 'inactive' : 'active' });
    }
    expect(await names('')).toEqual(['alfa', 'Bravo', 'Charlie', 'Delta', 'Eco']);
    expect(await names('?status=active&sort=name&order=desc')).toEqual(['Delta', 'Charlie', 'Bravo', 'alfa']);
    expect(await names('?sort=createdAt&order=asc')).toEqual(['Delta', 'alfa', 'Charlie', 'Bravo', 'Eco']);
    expect(await names('?status=inactive')).toEqual(['Eco']);

    const page2 = (await list('?page=2&limit=2')).json();
    expect(page2).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(page2.data.map((brand: Brand) => brand.name)).toEqual(['Charlie', 'Delta']);
    const last = (await list('?page=3&limit=2')).json();
    expect(last.data.map((brand: Brand) => brand.name)).toEqual(['Eco']);
    expect((await list('?page=4&limit=2')).json()).toMatchObject({ data: [], total: 5, page: 4 });
    expect((await list('')).json()).toMatchObject({ page: 1, limit: 20, total: 5 });

    for (const [query, message] of [
      ['?limit=101', 'Limite deve ser um número inteiro entre 1 e 100'],
      ['?page=0', 'Página deve ser um número inteiro maior ou igual a 1'],
      ['?sort=cnpj', 'Campo de ordenação inválido'],
      ['?order=up', 'Ordem deve ser asc ou desc'],
      ['?status=deleted', 'Selecione um status'],
    ]) {
      const response = await list(query as string);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
  });

  it('deletes a brand with its contacts, but not while it has leads (409)', async () => {
    const free = await createBrandVia(app, seller.headers);
    const contact = await createContactVia(app, seller.headers, free.id);
    const denied = await app.inject({
      method: 'DELETE',
      url: `/api/brands/${free.id}`,
      headers: seller.headers,
    });
    expect(denied.statusCode).toBe(403);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/brands/${free.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: `/api/contacts/${contact.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);

    const used = await createBrandVia(app, seller.headers);
    const [vertical] = await app.db.insert(verticals).values({ name: 'V', label: 'V' }).returning();
    const [quota] = await app.db.insert(quotas).values({ name: 'Q', label: 'Q' }).returning();
    const [platform] = await app.db.insert(platforms).values({ name: 'P', label: 'P' }).returning();
    await app.db.insert(leads).values({
      brandId: used.id,
      assessment: 'Q1',
      verticalId: vertical!.id,
      quotaId: quota!.id,
      platformId: platform!.id,
      prospectusYear: 2026,
      contractStatus: 'frio',
    });
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/brands/${used.id}`,
      headers: admin.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Marca possui oportunidades');
    expect(
      (await app.inject({ method: 'GET', url: `/api/brands/${used.id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    await app.db.delete(leads);
    await app.db.delete(verticals);
    await app.db.delete(quotas);
    await app.db.delete(platforms);
  });
});
