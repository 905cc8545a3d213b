import { randomUUID } from 'node:crypto';
import {
  defaultPipelineSettings,
  type Lead,
  type OfferingListResponse,
  offeringListResponseSchema,
  offeringSchema,
  type PipelineSettingsResponse,
} from '@funil/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import {
  createLeadReferences,
  createLeadVia,
  insertCatalogueItem,
  type LeadReferences,
} from '../../../test/lead-fixtures';
import {
  compareStockWithRecount,
  createOfferingVia,
  moveLeadVia,
  offeringBody,
  readOffering,
} from '../../../test/offering-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { leads, offerings, quotas } from '../../db/schema';

describe('/api/offerings', () => {
  let app: App;
  let admin: SignedIn;
  let manager: SignedIn;
  let seller: SignedIn;
  let refs: LeadReferences;

  beforeAll(async () => {
    app = await buildTestApp();
    [admin, manager, seller] = await Promise.all([
      signIn(app, { roles: ['admin'] }),
      signIn(app, { roles: ['manager'] }),
      signIn(app, { roles: ['comercial'] }),
    ]);
  });
  afterAll(() => app.close());

  // Each test starts from an empty prospectus and pipeline, with a key of its own.
  beforeEach(async () => {
    await app.db.delete(leads);
    await app.db.delete(offerings);
    refs = await createLeadReferences(app, admin.headers);
  });

  const create = (payload: Record<string, unknown>, as: SignedIn = admin) =>
    app.inject({ method: 'POST', url: '/api/offerings', headers: as.headers, payload });
  const patch = (id: string, payload: Record<string, unknown>, as: SignedIn = admin, headers = {}) =>
    app.inject({
      method: 'PATCH',
      url: `/api/offerings/${id}`,
      headers: { ...as.headers, ...headers },
      payload,
    });
  const get = (url: string, as: SignedIn = seller) => app.inject({ method: 'GET', url, headers: as.headers });
  const list = async (query: string) => {
    const response = await get(`/api/offerings${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return offeringListResponseSchema.parse(response.json()) as OfferingListResponse;
  };
  const leadIn = (status: string, overrides: Record<string, unknown> = {}, key = refs) =>
    createLeadVia(app, seller.headers, key, { contract_status: status, ...overrides });

  it('answers an offering with its catalogue items, praça, price and stock, and its version', async () => {
    const response = await create(offeringBody(refs, { franchise: 'São Paulo', list_price: 450000.5 }));
    expect(response.statusCode, response.body).toBe(201);
    const offering = offeringSchema.parse(response.json());
    const unique = (await readOffering(app, seller.headers, offering.id)).vertical.name;
    expect(offering).toMatchObject({
      _id: offering.id,
      prospectus_year: 2026,
      vertical: { id: refs.verticalId, _id: refs.verticalId, name: unique, label: `${unique} LABEL` },
      platform: { id: refs.platformId },
      quota: { id: refs.quotaId },
      franchise: 'São Paulo',
      quantity: 5,
      list_price: 450000.5,
      status: 'active',
      held: 0,
      sold: 0,
      available: 5,
    });
    expect(offering.updatedAt).toBe(offering.createdAt);

    const read = await get(`/api/offerings/${offering.id}`);
    expect(read.json()).toEqual(offering);
    expect(read.headers.etag).toMatch(/^"\d+"$/);

    const national = await createOfferingVia(app, admin.headers, refs);
    expect(national).toMatchObject({ franchise: null, list_price: 1000, status: 'active' });
  });

  it('lets anyone signed in read, only admins and managers write (403), nobody anonymous (401)', async () => {
    const offering = await createOfferingVia(app, manager.headers, refs);
    for (const url of ['/api/offerings', `/api/offerings/${offering.id}`, '/api/offerings/summary']) {
      expect((await get(url)).statusCode, url).toBe(200);
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const other = offeringBody(refs, { franchise: 'Recife' });
    expect((await create(other, seller)).statusCode).toBe(403);
    expect((await patch(offering.id, { quantity: 9 }, seller)).statusCode).toBe(403);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/offerings/${offering.id}`,
      headers: seller.headers,
    });
    expect(deleted.statusCode).toBe(403);
    expect(await readOffering(app, seller.headers, offering.id)).toEqual(offering);

    expect((await patch(offering.id, { quantity: 9 }, manager)).statusCode).toBe(200);
    expect((await patch(offering.id, { quantity: 8 }, admin)).statusCode).toBe(200);
  });

  it('answers the validation messages, on the field, in pt-BR and English', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [offeringBody(refs, { quantity: 0 }), 'quantity', 'Quantidade deve ser entre 1 e 10000'],
      [offeringBody(refs, { quantity: 10001 }), 'quantity', 'Quantidade deve ser entre 1 e 10000'],
      [offeringBody(refs, { quantity: 2.5 }), 'quantity', 'Quantidade deve ser entre 1 e 10000'],
      [offeringBody(refs, { quantity: undefined }), 'quantity', 'Quantidade deve ser entre 1 e 10000'],
      [
        offeringBody(refs, { list_price: -1 }),
        'list_price',
        'Preço de tabela deve ser um valor maior ou igual a zero, com até duas casas decimais',
      ],
      [offeringBody(refs, { vertical: undefined }), 'vertical', 'Vertical é obrigatória'],
      [
        offeringBody(refs, { prospectus_year: 2019 }),
        'prospectus_year',
        'Ano do prospecto deve ser 2026, 2027 ou 2028',
      ],
    ];
    for (const [payload, path, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, message, issues: [{ path, message }] });
    }
    const english = await app.inject({
      method: 'POST',
      url: '/api/offerings',
      headers: { ...admin.headers, 'accept-language': 'en' },
      payload: offeringBody(refs, { quantity: 10001 }),
    });
    expect(english.json()).toMatchObject({
      issues: [{ path: 'quantity', message: 'Quantity must be between 1 and 10000' }],
    });
    expect((await create({ ...offeringBody(refs), color: 'blue' })).statusCode).toBe(400);
    expect((await list('')).total).toBe(0);

    const offering = await createOfferingVia(app, admin.headers, refs);
    const patched = await patch(offering.id, { quantity: 0 });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toMatchObject({ message: 'Quantidade deve ser entre 1 e 10000' });
  });

  it('refuses unknown catalogue items and praças with 400 on the field, and stores nothing', async () => {
    const unknown = randomUUID();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ vertical: unknown }, 'vertical', 'Vertical não encontrada'],
      [{ platform: unknown }, 'platform', 'Plataforma não encontrada'],
      [{ quota: unknown }, 'quota', 'Tipo de cota não encontrado'],
      [{ franchise: 'Atlântida' }, 'franchise', 'Praça não encontrada'],
      // The first wrong field in the dialog's order is the one answered.
      [{ quota: unknown, platform: unknown }, 'platform', 'Plataforma não encontrada'],
    ];
    for (const [overrides, path, message] of cases) {
      const response = await create(offeringBody(refs, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toMatchObject({ message, issues: [{ path, message }] });
    }
    expect((await list('')).total).toBe(0);

    const offering = await createOfferingVia(app, admin.headers, refs);
    for (const [overrides, path, message] of cases) {
      const response = await patch(offering.id, overrides);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toMatchObject({ message, issues: [{ path, message }] });
    }
    expect(await readOffering(app, seller.headers, offering.id)).toEqual(offering);
  });

  it('keeps one offering per year, vertical, platform, quota and praça (409), a national one included', async () => {
    const national = await createOfferingVia(app, admin.headers, refs);
    const again = await create(offeringBody(refs, { quantity: 9 }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Esta cota já está no prospecto' });

    // The same key in a praça, or in another year, is another offering.
    const regional = await createOfferingVia(app, admin.headers, refs, { franchise: 'São Paulo' });
    const nextYear = await createOfferingVia(app, admin.headers, refs, { prospectus_year: 2027 });
    expect((await create(offeringBody(refs, { franchise: 'São Paulo' }))).statusCode).toBe(409);
    expect((await create(offeringBody(refs, { franchise: 'Recife' }))).statusCode).toBe(201);

    // Moved onto a key another offering has: 409, nothing changed.
    const moved = await patch(regional.id, { franchise: null });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ message: 'Esta cota já está no prospecto' });
    expect((await patch(nextYear.id, { prospectus_year: 2026 })).statusCode).toBe(409);
    expect(await readOffering(app, seller.headers, regional.id)).toEqual(regional);
    expect(await readOffering(app, seller.headers, national.id)).toEqual(national);
  });

  it('answers 404 for an offering that is not there', async () => {
    const missing = `/api/offerings/${randomUUID()}`;
    for (const response of [
      await get(missing),
      await app.inject({ method: 'PATCH', url: missing, headers: admin.headers, payload: { quantity: 2 } }),
      await app.inject({ method: 'DELETE', url: missing, headers: admin.headers }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Cota do prospecto não encontrada' });
    }
    expect((await get('/api/offerings/not-an-id')).statusCode).toBe(400);
  });

  it('edits any field, keeps the rest, and refuses a stale If-Match (412)', async () => {
    const offering = await createOfferingVia(app, admin.headers, refs, { franchise: 'Recife' });
    const version = (await get(`/api/offerings/${offering.id}`)).headers.etag as string;
    const otherQuota = await insertCatalogueItem(app, quotas, `QUOTA${randomUUID().slice(0, 6)}`);
    const response = await patch(
      offering.id,
      { quota: otherQuota, list_price: 12.34, status: 'inactive' },
      admin,
      {
        'if-match': version,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).not.toBe(version);
    expect(response.json()).toMatchObject({
      quota: { id: otherQuota },
      franchise: 'Recife',
      quantity: 5,
      list_price: 12.34,
      status: 'inactive',
    });
    expect((await patch(offering.id, { franchise: null })).json()).toMatchObject({ franchise: null });

    const stale = await patch(offering.id, { quantity: 3 }, admin, { 'if-match': version });
    expect(stale.statusCode).toBe(412);
    expect((await readOffering(app, seller.headers, offering.id)).quantity).toBe(5);
  });

  it('filters by year, catalogue item, praça or national, status and availability; sorts and pages', async () => {
    const other = await createLeadReferences(app, admin.headers);
    const a = await createOfferingVia(app, admin.headers, refs, { quantity: 1, list_price: 300 });
    const b = await createOfferingVia(app, admin.headers, refs, {
      franchise: 'São Paulo',
      quantity: 4,
      list_price: 100,
    });
    const c = await createOfferingVia(app, admin.headers, other, {
      prospectus_year: 2027,
      quantity: 2,
      list_price: 200,
    });
    const d = await createOfferingVia(app, admin.headers, other, {
      franchise: 'Recife',
      quantity: 4,
      list_price: 50,
      status: 'inactive',
    });
    // `a` sold out (its one unit held), `b` one of four held (the lead is in São Paulo).
    await leadIn('fechado', { franchises: ['São Paulo'] });

    const ids = (page: OfferingListResponse) => page.data.map((offering) => offering.id);
    expect(ids(await list(''))).toEqual([d.id, c.id, b.id, a.id]);
    expect(ids(await list('?prospectus_year=2027'))).toEqual([c.id]);
    expect(ids(await list(`?vertical=${refs.verticalId}`))).toEqual([b.id, a.id]);
    expect(ids(await list(`?platform=${other.platformId}`))).toEqual([d.id, c.id]);
    expect(ids(await list(`?quota=${refs.quotaId}&franchise=national`))).toEqual([a.id]);
    expect(ids(await list('?franchise=national'))).toEqual([c.id, a.id]);
    expect(ids(await list(`?franchise=${encodeURIComponent('São Paulo')}`))).toEqual([b.id]);
    expect(ids(await list('?franchise=Atl%C3%A2ntida'))).toEqual([]);
    expect(ids(await list('?status=inactive'))).toEqual([d.id]);
    expect(ids(await list('?available=false'))).toEqual([a.id]);
    expect(ids(await list('?available=true&status=active'))).toEqual([c.id, b.id]);

    const soldOut = await list('?available=false');
    expect(soldOut.data[0]).toMatchObject({ held: 1, sold: 0, available: 0 });
    expect(soldOut.total).toBe(1);

    expect(ids(await list('?sort=list_price&order=asc'))).toEqual([d.id, b.id, c.id, a.id]);
    expect(ids(await list('?sort=available&order=desc'))).toEqual([d.id, b.id, c.id, a.id]);
    // Ties (three offerings of 2026) in id order, the direction's.
    const byYear = ids(await list('?sort=prospectus_year&order=asc'));
    expect(byYear).toEqual([...[a.id, b.id, d.id].sort(), c.id]);
    expect(ids(await list('?sort=createdAt&order=asc'))).toEqual([a.id, b.id, c.id, d.id]);

    const first = await list('?limit=3&sort=list_price&order=desc');
    expect(first).toMatchObject({ total: 4, page: 1, limit: 3 });
    expect(ids(first)).toEqual([a.id, c.id, b.id]);
    const second = await list('?limit=3&page=2&sort=list_price&order=desc');
    expect(ids(second)).toEqual([d.id]);
    expect((await list('?limit=2&page=2&available=true')).total).toBe(3);

    expect((await get('/api/offerings?sort=quantity')).statusCode).toBe(400);
    expect((await get('/api/offerings?vertical=nope')).statusCode).toBe(400);
    expect((await get('/api/offerings?status=archived')).statusCode).toBe(400);
  });

  it("sums the year: units, held, sold, potential, and each opportunity's credit once", async () => {
    const second = {
      ...refs,
      quotaId: await insertCatalogueItem(app, quotas, `QUOTA${randomUUID().slice(0, 6)}`),
    };
    const inactiveKey = await createLeadReferences(app, admin.headers);
    await createOfferingVia(app, admin.headers, refs, { quantity: 5, list_price: 100.5 });
    await createOfferingVia(app, admin.headers, refs, {
      franchise: 'São Paulo',
      quantity: 3,
      list_price: 50,
    });
    await createOfferingVia(app, admin.headers, second, { quantity: 2, list_price: 1000 });
    await createOfferingVia(app, admin.headers, inactiveKey, {
      quantity: 4,
      list_price: 10,
      status: 'inactive',
    });
    await createOfferingVia(app, admin.headers, refs, {
      prospectus_year: 2027,
      quantity: 7,
      list_price: 1.25,
    });
    // A key offered only in praças (its national offering inactive).
    const regionalKey = {
      ...refs,
      quotaId: await insertCatalogueItem(app, quotas, `QUOTA${randomUUID().slice(0, 6)}`),
    };
    await createOfferingVia(app, admin.headers, regionalKey, { quantity: 1, status: 'inactive' });
    await createOfferingVia(app, admin.headers, regionalKey, {
      franchise: 'São Paulo',
      quantity: 2,
      list_price: 10,
    });
    await createOfferingVia(app, admin.headers, regionalKey, {
      franchise: 'Recife',
      quantity: 3,
      list_price: 20,
    });

    // Takes the national and the São Paulo offering: its credit counts once.
    await leadIn('fechado', { franchises: ['São Paulo'], credit: 1000 });
    await leadIn('assinado', { credit: 200 });
    await leadIn('no_juridico', { credit: 30.25 }, second);
    // A praça without an offering of the key: the national one only.
    await leadIn('fechado', { franchises: ['Recife'], credit: 5 });
    // Not holding, or on an inactive offering's key: nothing.
    await leadIn('frio', { credit: 999 });
    await leadIn('fechado', { credit: 7777 }, inactiveKey);
    await leadIn('assinado', { prospectus_year: 2027, credit: 50 });
    // Takes both praças' offerings of the key: one unit of each, its credit once.
    await leadIn('fechado', { franchises: ['Recife', 'São Paulo'], credit: 60 }, regionalKey);
    await leadIn('assinado', { franchises: ['Recife'], credit: 40 }, regionalKey);

    const summary = async (query: string) => {
      const response = await get(`/api/offerings/summary${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect(await summary('?prospectus_year=2026')).toEqual({
      quantity: 15,
      held: 6,
      sold: 2,
      available: 7,
      potential: 2732.5,
      sold_credit: 240,
      held_credit: 1095.25,
    });
    expect(await summary('')).toEqual({
      quantity: 22,
      held: 6,
      sold: 3,
      available: 13,
      potential: 2741.25,
      sold_credit: 290,
      held_credit: 1095.25,
    });
    expect(await summary('?prospectus_year=2028')).toEqual({
      quantity: 0,
      held: 0,
      sold: 0,
      available: 0,
      potential: 0,
      sold_credit: 0,
      held_credit: 0,
    });
    expect((await get('/api/offerings/summary?prospectus_year=1999')).statusCode).toBe(400);
  });

  it('deletes an offering (204) and frees nothing: its opportunities keep their status', async () => {
    const offering = await createOfferingVia(app, admin.headers, refs, { quantity: 1 });
    const holder = await leadIn('fechado');
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/offerings/${offering.id}`,
      headers: manager.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await get(`/api/offerings/${offering.id}`)).statusCode).toBe(404);
    const lead = (await get(`/api/leads/${holder.id}`)).json<Lead>();
    expect(lead.contract_status).toBe('fechado');
    expect(lead.stock).toEqual([]);
  });

  it('lets an inactive offering constrain nothing, and refuses its re-activation over its units', async () => {
    const offering = await createOfferingVia(app, admin.headers, refs, { quantity: 1, status: 'inactive' });
    await leadIn('fechado');
    await leadIn('assinado');
    expect(await readOffering(app, seller.headers, offering.id)).toMatchObject({
      held: 1,
      sold: 1,
      available: -1,
    });

    const reactivated = await patch(offering.id, { status: 'active' });
    expect(reactivated.statusCode).toBe(409);
    const label = (await readOffering(app, seller.headers, offering.id)).quota.label;
    expect(reactivated.json()).toMatchObject({ message: expect.stringMatching(/^Cota esgotada: /) });
    expect(reactivated.json<{ message: string }>().message).toContain(label);
    expect((await readOffering(app, seller.headers, offering.id)).status).toBe('inactive');

    // With the units to cover its holders, it comes back.
    expect((await patch(offering.id, { status: 'active', quantity: 2 })).statusCode).toBe(200);
  });

  it('refuses fewer units than the opportunities already holding the offering (409 "Já há N …")', async () => {
    const offering = await createOfferingVia(app, admin.headers, refs, { quantity: 3 });
    await leadIn('fechado');
    await leadIn('no_juridico');
    const lowered = await patch(offering.id, { quantity: 1 });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json()).toMatchObject({ message: 'Já há 2 oportunidades com esta cota' });
    expect((await readOffering(app, seller.headers, offering.id)).quantity).toBe(3);
    expect((await patch(offering.id, { quantity: 2 })).json()).toMatchObject({ quantity: 2, available: 0 });

    // Created over holders it cannot cover: the same refusal, nothing stored.
    await app.db.delete(offerings);
    const created = await create(offeringBody(refs, { quantity: 1 }));
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({ message: 'Já há 2 oportunidades com esta cota' });
    expect((await list('')).total).toBe(0);
    expect((await create(offeringBody(refs, { quantity: 2 }))).statusCode).toBe(201);
  });

  it('refuses a pipeline setting that would make some offering hold more than its units, changing nothing', async () => {
    const offering = await createOfferingVia(app, admin.headers, refs, { quantity: 1 });
    await leadIn('fechado');
    await leadIn('quente');
    const statuses = defaultPipelineSettings().statuses.map((status) =>
      status.contract_status === 'quente' ? { ...status, holds_quota: true } : status,
    );
    const put = await app.inject({
      method: 'PUT',
      url: '/api/settings/pipeline',
      headers: manager.headers,
      payload: { statuses },
    });
    expect(put.statusCode).toBe(409);
    const { quota, platform, vertical } = offering;
    expect(put.json()).toMatchObject({
      message: `Cota esgotada: ${quota.label} · ${platform.label} · ${vertical.label} · 2026`,
    });
    const settings = (await get('/api/settings/pipeline')).json<PipelineSettingsResponse>();
    expect(settings.statuses.find((status) => status.contract_status === 'quente')?.holds_quota).toBe(false);
    expect(await readOffering(app, seller.headers, offering.id)).toEqual({
      ...offering,
      held: 1,
      available: 0,
    });

    // With room for both, the change counts the new holders at once; back to the defaults after.
    await patch(offering.id, { quantity: 2 });
    const accepted = await app.inject({
      method: 'PUT',
      url: '/api/settings/pipeline',
      headers: manager.headers,
      payload: { statuses },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await readOffering(app, seller.headers, offering.id)).toMatchObject({ held: 2, available: 0 });
    const restored = await app.inject({
      method: 'PUT',
      url: '/api/settings/pipeline',
      headers: manager.headers,
      payload: defaultPipelineSettings(),
    });
    expect(restored.statusCode).toBe(200);
    for (const row of await compareStockWithRecount(app)) expect(row.kept).toEqual(row.counted);
  });

  it('moves through the holding statuses without moving a unit twice', async () => {
    const offering = await createOfferingVia(app, admin.headers, refs, { quantity: 1 });
    const lead = await leadIn('fechado');
    for (const status of ['no_juridico', 'assinado', 'fechado'] as const) {
      expect((await moveLeadVia(app, seller.headers, lead.id, status)).statusCode).toBe(200);
    }
    expect(await readOffering(app, seller.headers, offering.id)).toMatchObject({
      held: 1,
      sold: 0,
      available: 0,
    });
  });
});
