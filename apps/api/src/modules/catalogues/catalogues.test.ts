import { randomUUID } from 'node:crypto';
import { CATALOGUE_RESOURCES, type CatalogueItem, type CatalogueResource } from '@funil/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { brands, leads, platforms, quotas, verticals } from '../../db/schema';
import { CATALOGUES } from './catalogues.service';

const NOT_FOUND: Record<CatalogueResource, string> = {
  verticals: 'Vertical não encontrada',
  quotas: 'Tipo de cota não encontrado',
  platforms: 'Plataforma não encontrada',
};

describe.each(CATALOGUE_RESOURCES)('/api/%s', (resource) => {
  const url = `/api/${resource}`;
  let app: App;
  let admin: SignedIn;
  let manager: SignedIn;
  let plainUser: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    [admin, manager, plainUser] = await Promise.all([
      signIn(app, { roles: ['admin'] }),
      signIn(app, { roles: ['manager'] }),
      signIn(app, { roles: ['user', 'comercial'] }),
    ]);
  });
  afterAll(() => app.close());

  // Each test starts from an empty catalogue (leads first: they point at it).
  beforeEach(async () => {
    await app.db.delete(leads);
    await app.db.delete(CATALOGUES[resource].table);
  });

  async function create(body: Record<string, unknown>, as: SignedIn = admin) {
    const response = await app.inject({ method: 'POST', url, headers: as.headers, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CatalogueItem>();
  }

  async function list(query: string, as: SignedIn = plainUser) {
    return app.inject({ method: 'GET', url: `${url}${query}`, headers: as.headers });
  }

  it('creates an item trimmed and upper-cased, active by default, with id and _id', async () => {
    const item = await create({ name: '  esporte e lazer ', label: ' futebol ' });
    expect(item).toMatchObject({ name: 'ESPORTE E LAZER', label: 'FUTEBOL', status: 'active' });
    expect(item._id).toBe(item.id);
    expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
    expect(item.updatedAt).toBe(item.createdAt);

    const inactive = await create({ name: 'tv', label: 'tv aberta', status: 'inactive' });
    expect(inactive.status).toBe('inactive');
  });

  it('answers the validation messages of docs/api.md, in pt-BR by default and in English when asked', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' a ', label: 'ok' }, 'name', 'Nome deve ter no minimo 2 caracteres'],
      [{ name: 'x'.repeat(101), label: 'ok' }, 'name', 'Nome deve ter no maximo 100 caracteres'],
      [{ label: 'ok' }, 'name', 'Nome deve ter no minimo 2 caracteres'],
      [{ name: 'ok', label: '' }, 'label', 'Label deve ter no minimo 2 caracteres'],
      [{ name: 'ok', label: 'y'.repeat(101) }, 'label', 'Label deve ter no maximo 100 caracteres'],
      [{ name: 'ok', label: 'ok', status: 'archived' }, 'status', 'Selecione um status'],
    ];
    for (const [payload, path, message] of cases) {
      const response = await app.inject({ method: 'POST', url, headers: admin.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, message, issues: [{ path, message }] });
    }

    const english = await app.inject({
      method: 'POST',
      url,
      headers: { ...admin.headers, 'accept-language': 'en-US,en;q=0.9' },
      payload: { name: 'a', label: 'ok' },
    });
    expect(english.json().message).toBe('Name must be at least 2 characters');

    const unknownField = await app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { name: 'ok', label: 'ok', id: randomUUID() },
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().issues).toEqual([{ path: 'id', message: 'Campo não permitido: id' }]);
  });

  it('refuses a name already in the catalogue, on create and on rename, whatever its case', async () => {
    const first = await create({ name: 'duplicado', label: 'um' });
    const again = await app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { name: ' DUPLICADO ', label: 'dois' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, message: 'Já existe um registro com este nome' });

    const other = await create({ name: 'outro', label: 'dois' });
    const rename = await app.inject({
      method: 'PATCH',
      url: `${url}/${other.id}`,
      headers: admin.headers,
      payload: { name: 'Duplicado' },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('Já existe um registro com este nome');

    // Keeping one's own name is not a conflict.
    const same = await app.inject({
      method: 'PATCH',
      url: `${url}/${first.id}`,
      headers: admin.headers,
      payload: { name: 'duplicado', label: 'um de novo' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('lists with status and accent-insensitive search (%, _ literal), sorts and pages', async () => {
    const items = [
      { name: 'São Paulo', label: 'capital' },
      { name: 'bahia', label: 'nordeste' },
      { name: '100% digital', label: 'online' },
      { name: 'a_b', label: 'sublinhado' },
      { name: 'acre', label: 'norte', status: 'inactive' },
    ];
    // Each one a minute after the last, given explicitly: two quick inserts can share an instant
    // (PGlite's clock), and the createdAt order below must be theirs, not a tie broken by random ids.
    const { table } = CATALOGUES[resource];
    for (const [index, item] of items.entries()) {
      const { id } = await create(item);
      await app.db
        .update(table)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)) })
        .where(eq(table.id, id));
    }

    const all = await list('');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 5, page: 1, limit: 5 });
    // Default order: by name, accents ignored.
    expect(all.json().data.map((item: CatalogueItem) => item.name)).toEqual([
      '100% DIGITAL',
      'A_B',
      'ACRE',
      'BAHIA',
      'SÃO PAULO',
    ]);

    const names = async (query: string) => {
      const response = await list(query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((item: CatalogueItem) => item.name);
    };
    expect(await names('?status=inactive')).toEqual(['ACRE']);
    expect(await names('?status=active&search=sao')).toEqual(['SÃO PAULO']);
    expect(await names('?search=NORDES')).toEqual(['BAHIA']);
    expect(await names('?search=%25')).toEqual(['100% DIGITAL']);
    expect(await names('?search=_')).toEqual(['A_B']);
    expect(await names('?search=&status=')).toHaveLength(5);
    expect(await names('?sort=label&order=desc')).toEqual([
      'A_B',
      '100% DIGITAL',
      'ACRE',
      'BAHIA',
      'SÃO PAULO',
    ]);
    expect(await names('?sort=createdAt&order=desc')).toEqual([
      'ACRE',
      'A_B',
      '100% DIGITAL',
      'BAHIA',
      'SÃO PAULO',
    ]);

    const paged = await list('?sort=name&page=2&limit=2');
    expect(paged.json()).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(paged.json().data.map((item: CatalogueItem) => item.name)).toEqual(['ACRE', 'BAHIA']);
    const limitOnly = await list('?limit=3');
    expect(limitOnly.json()).toMatchObject({ total: 5, page: 1, limit: 3 });
    expect(limitOnly.json().data).toHaveLength(3);
    const pageOnly = await list('?page=1');
    expect(pageOnly.json()).toMatchObject({ total: 5, page: 1, limit: 20 });

    const bad: [string, string][] = [
      ['?sort=password', 'Campo de ordenação inválido'],
      ['?order=up', 'Ordem deve ser asc ou desc'],
      ['?limit=101', 'Limite deve ser um número inteiro entre 1 e 100'],
      ['?limit=abc', 'Limite deve ser um número inteiro entre 1 e 100'],
      ['?page=0', 'Página deve ser um número inteiro maior ou igual a 1'],
      ['?status=deleted', 'Selecione um status'],
    ];
    for (const [query, message] of bad) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
  });

  it('gets and patches one item, and answers its own 404', async () => {
    const created = await create({ name: 'editar', label: 'antes' });
    // Dated a minute back, so the patch's new updatedAt must be later, however fast the machine.
    const { table } = CATALOGUES[resource];
    await app.db
      .update(table)
      .set({ createdAt: sql`now() - interval '1 minute'`, updatedAt: sql`now() - interval '1 minute'` })
      .where(eq(table.id, created.id));
    const got = await app.inject({ method: 'GET', url: `${url}/${created.id}`, headers: plainUser.headers });
    expect(got.statusCode).toBe(200);
    const item = got.json<CatalogueItem>();
    expect(item).toEqual({ ...created, createdAt: item.createdAt, updatedAt: item.createdAt });
    expect(new Date(item.createdAt).getTime()).toBeLessThan(new Date(created.createdAt).getTime());

    const patched = await app.inject({
      method: 'PATCH',
      url: `${url}/${item.id}`,
      headers: admin.headers,
      payload: { label: ' depois ', status: 'inactive' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      id: item.id,
      name: 'EDITAR',
      label: 'DEPOIS',
      status: 'inactive',
    });
    expect(new Date(patched.json().updatedAt).getTime()).toBeGreaterThan(new Date(item.updatedAt).getTime());
    expect(patched.json().createdAt).toBe(item.createdAt);

    const invalid = await app.inject({
      method: 'PATCH',
      url: `${url}/${item.id}`,
      headers: admin.headers,
      payload: { name: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Nome deve ter no minimo 2 caracteres');

    const missing = randomUUID();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { label: 'novo' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await app.inject({
        method,
        url: `${url}/${missing}`,
        headers: admin.headers,
        payload,
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.json().message, method).toBe(NOT_FOUND[resource]);
    }
    const badId = await app.inject({ method: 'GET', url: `${url}/not-an-id`, headers: admin.headers });
    expect(badId.statusCode).toBe(400);
  });

  it('deletes an unused item (204) and refuses one a lead uses (409, nothing deleted)', async () => {
    const unused = await create({ name: 'livre', label: 'sem uso' });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `${url}/${unused.id}`,
      headers: manager.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const gone = await app.inject({ method: 'GET', url: `${url}/${unused.id}`, headers: admin.headers });
    expect(gone.statusCode).toBe(404);

    const used = await create({ name: 'usado', label: 'em uso' });
    // Brands and leads have no API yet: the lead is written directly.
    const [brand] = await app.db
      .insert(brands)
      .values({ name: 'Marca', companyName: 'Marca Ltda', cnpj: '11222333000181' })
      .returning();
    const ids: Record<CatalogueResource, string> = { verticals: '', quotas: '', platforms: '' };
    for (const [other, table] of [
      ['verticals', verticals],
      ['quotas', quotas],
      ['platforms', platforms],
    ] as const) {
      if (other === resource) {
        ids[other] = used.id;
        continue;
      }
      await app.db.delete(table).where(eq(table.name, `OUTRO ${resource}`));
      const [row] = await app.db
        .insert(table)
        .values({ name: `OUTRO ${resource}`, label: 'X' })
        .returning();
      ids[other] = row!.id;
    }
    await app.db.insert(leads).values({
      brandId: brand!.id,
      assessment: 'Q1 2026',
      verticalId: ids.verticals,
      quotaId: ids.quotas,
      platformId: ids.platforms,
      prospectusYear: 2026,
      contractStatus: 'frio',
    });

    const refused = await app.inject({ method: 'DELETE', url: `${url}/${used.id}`, headers: admin.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ statusCode: 409, message: 'Em uso por oportunidades' });
    const still = await app.inject({ method: 'GET', url: `${url}/${used.id}`, headers: admin.headers });
    expect(still.statusCode).toBe(200);

    await app.db.delete(leads);
    await app.db.delete(brands);
  });

  it('lets any signed-in user read, only admin and manager write', async () => {
    const item = await create({ name: 'do gerente', label: 'ok' }, manager);
    const patchedByManager = await app.inject({
      method: 'PATCH',
      url: `${url}/${item.id}`,
      headers: manager.headers,
      payload: { status: 'inactive' },
    });
    expect(patchedByManager.statusCode).toBe(200);

    expect((await list('', plainUser)).statusCode).toBe(200);
    const writes = [
      { method: 'POST', url, payload: { name: 'nao pode', label: 'ok' } },
      { method: 'PATCH', url: `${url}/${item.id}`, payload: { label: 'nao pode' } },
      { method: 'DELETE', url: `${url}/${item.id}` },
    ] as const;
    for (const write of writes) {
      const response = await app.inject({ ...write, headers: plainUser.headers });
      expect(response.statusCode, write.method).toBe(403);
      expect(response.json().message).toBe('Acesso negado');
    }
    const anonymous = await app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Sessão expirada. Faça login novamente.');
    const unchanged = await app.inject({ method: 'GET', url: `${url}/${item.id}`, headers: admin.headers });
    expect(unchanged.json().label).toBe('OK');
  });
});
