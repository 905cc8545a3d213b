import { randomUUID } from 'node:crypto';
import type { ContractStatus, Lead, LeadListResponse, Offering } from '@funil/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import {
  createLeadReferences,
  createLeadVia,
  insertCatalogueItem,
  type LeadReferences,
  leadBody,
} from '../../../test/lead-fixtures';
import {
  compareStockWithRecount,
  createOfferingVia,
  moveLeadVia,
  readOffering,
} from '../../../test/offering-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { leads, offerings, platforms, quotas, verticals } from '../../db/schema';

/**
 * held, sold and available follow every API write that changes who holds a quota, and a write
 * that would oversell is refused with the offering's name and changes nothing.
 */
describe('the offerings stock through every write path', () => {
  let app: App;
  let admin: SignedIn;
  let seller: SignedIn;
  let refs: LeadReferences;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await signIn(app, { roles: ['admin'] });
    seller = await signIn(app, { roles: ['comercial'] });
  });
  afterAll(() => app.close());

  beforeEach(async () => {
    await app.db.delete(leads);
    await app.db.delete(offerings);
    refs = await createLeadReferences(app, admin.headers);
  });

  /** [held, sold, available] of an offering, as GET answers it. */
  const counts = async (offering: Offering) => {
    const read = await readOffering(app, seller.headers, offering.id);
    return [read.held, read.sold, read.available];
  };
  const leadIn = (status: ContractStatus, overrides: Record<string, unknown> = {}, key = refs) =>
    createLeadVia(app, seller.headers, key, { contract_status: status, ...overrides });
  const patchLead = (id: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: `/api/leads/${id}`, headers: seller.headers, payload });
  const readLead = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/leads/${id}`, headers: seller.headers })).json<Lead>();
  const soldOut = (offering: Offering, franchise?: string) =>
    `Cota esgotada: ${offering.quota.label} · ${offering.platform.label} · ${offering.vertical.label} · ${offering.prospectus_year}${franchise ? ` · ${franchise}` : ''}`;
  const expectSoldOut = (response: { statusCode: number; json: () => unknown }, message: string) => {
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ statusCode: 409, message });
  };
  const bulk = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/leads/bulk', headers: admin.headers, payload });
  const leadCount = async () =>
    (
      await app.inject({ method: 'GET', url: '/api/leads?limit=1', headers: seller.headers })
    ).json<LeadListResponse>().total;

  it('counts a lead created in a holding status, signed as sold, and frees it when it leaves', async () => {
    const offering = await createOfferingVia(app, admin.headers, refs, { quantity: 3 });
    const lead = await leadIn('fechado');
    expect(await counts(offering)).toEqual([1, 0, 2]);
    expect(lead.stock).toEqual([
      { offering_id: offering.id, franchise: null, quantity: 3, available: 2, list_price: 1000 },
    ]);
    expect((await moveLeadVia(app, seller.headers, lead.id, 'no_juridico')).statusCode).toBe(200);
    expect(await counts(offering)).toEqual([1, 0, 2]);
    expect((await moveLeadVia(app, seller.headers, lead.id, 'assinado')).statusCode).toBe(200);
    expect(await counts(offering)).toEqual([0, 1, 2]);
    await leadIn('quente');
    expect(await counts(offering)).toEqual([0, 1, 2]);
    const lost = await patchLead(lead.id, { contract_status: 'cancelado', reason: 'Verba cortada' });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(await counts(offering)).toEqual([0, 0, 3]);
  });

  it('refuses a lead created or moved into a sold-out offering, with its name, and changes nothing', async () => {
    const offering = await createOfferingVia(app, admin.headers, refs, { quantity: 1 });
    await leadIn('assinado');
    const before = await leadCount();
    const created = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: seller.headers,
      payload: leadBody(refs, { contract_status: 'fechado' }),
    });
    expectSoldOut(created, soldOut(offering));
    expect(await leadCount()).toBe(before);

    const waiting = await leadIn('quente');
    expectSoldOut(await moveLeadVia(app, seller.headers, waiting.id, 'fechado'), soldOut(offering));
    expect((await readLead(waiting.id)).contract_status).toBe('quente');
    expect(await counts(offering)).toEqual([0, 1, 0]);

    // The message in the caller's language.
    const english = await app.inject({
      method: 'PATCH',
      url: `/api/leads/${waiting.id}`,
      headers: { ...seller.headers, 'accept-language': 'en' },
      payload: { contract_status: 'fechado' },
    });
    expect(english.statusCode).toBe(409);
    expect(english.json<{ message: string }>().message).not.toBe(soldOut(offering));
    expect(english.json<{ message: string }>().message).toContain(offering.quota.label);
  });

  it("moves a holder's unit when its year, vertical, platform or quota changes, and refuses a full one", async () => {
    const otherVertical = await insertCatalogueItem(app, verticals, `VERTICAL${randomUUID().slice(0, 6)}`);
    const otherPlatform = await insertCatalogueItem(app, platforms, `PLATFORM${randomUUID().slice(0, 6)}`);
    const otherQuota = await insertCatalogueItem(app, quotas, `QUOTA${randomUUID().slice(0, 6)}`);
    const home = await createOfferingVia(app, admin.headers, refs, { quantity: 2 });
    const byYear = await createOfferingVia(app, admin.headers, refs, { prospectus_year: 2027, quantity: 1 });
    const byVertical = await createOfferingVia(
      app,
      admin.headers,
      { ...refs, verticalId: otherVertical },
      { quantity: 1 },
    );
    const byPlatform = await createOfferingVia(
      app,
      admin.headers,
      { ...refs, platformId: otherPlatform },
      { quantity: 1 },
    );
    const byQuota = await createOfferingVia(
      app,
      admin.headers,
      { ...refs, quotaId: otherQuota },
      { quantity: 1 },
    );
    const lead = await leadIn('fechado');

    const moves: [Record<string, unknown>, Offering][] = [
      [{ prospectus_year: 2027 }, byYear],
      [{ prospectus_year: 2026, vertical: otherVertical }, byVertical],
      [{ vertical: refs.verticalId, platform: otherPlatform }, byPlatform],
      [{ platform: refs.platformId, quota: otherQuota }, byQuota],
    ];
    for (const [change, target] of moves) {
      const response = await patchLead(lead.id, change);
      expect(response.statusCode, response.body).toBe(200);
      expect(await counts(target), JSON.stringify(change)).toEqual([1, 0, 0]);
      expect(await counts(home)).toEqual([0, 0, 2]);
    }
    expect((await patchLead(lead.id, { quota: refs.quotaId })).statusCode).toBe(200);
    expect(await counts(byQuota)).toEqual([0, 0, 1]);
    expect(await counts(home)).toEqual([1, 0, 1]);

    // Each full offering refuses the holder that would take its last unit twice.
    const rival = await leadIn('no_juridico', {}, { ...refs, quotaId: otherQuota });
    expect(await counts(byQuota)).toEqual([1, 0, 0]);
    expectSoldOut(await patchLead(lead.id, { quota: otherQuota }), soldOut(byQuota));
    expect((await readLead(lead.id)).quota.id).toBe(refs.quotaId);
    expect(await counts(home)).toEqual([1, 0, 1]);
    // A move that takes no quota (out of the holding statuses) goes through, and frees the unit.
    expect((await patchLead(rival.id, { contract_status: 'morno', quota: refs.quotaId })).statusCode).toBe(
      200,
    );
    expect(await counts(byQuota)).toEqual([0, 0, 1]);
    expect(await counts(home)).toEqual([1, 0, 1]);
  });

  it('counts praça offerings for the leads of that praça, through their franchises', async () => {
    const national = await createOfferingVia(app, admin.headers, refs, { quantity: 5 });
    const saoPaulo = await createOfferingVia(app, admin.headers, refs, {
      franchise: 'São Paulo',
      quantity: 1,
    });
    const recife = await createOfferingVia(app, admin.headers, refs, { franchise: 'Recife', quantity: 2 });

    const paulista = await leadIn('fechado', { franchises: ['São Paulo'] });
    expect(await counts(national)).toEqual([1, 0, 4]);
    expect(await counts(saoPaulo)).toEqual([1, 0, 0]);
    expect(await counts(recife)).toEqual([0, 0, 2]);
    expect(paulista.stock.map((item) => [item.franchise, item.available])).toEqual([
      [null, 4],
      ['São Paulo', 0],
    ]);

    // A second São Paulo holder: sold out there; nothing stored, the national unit untouched.
    const before = await leadCount();
    const refused = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: seller.headers,
      payload: leadBody(refs, { contract_status: 'assinado', franchises: ['Recife', 'São Paulo'] }),
    });
    expectSoldOut(refused, soldOut(saoPaulo, 'São Paulo'));
    expect(await leadCount()).toBe(before);
    expect(await counts(national)).toEqual([1, 0, 4]);
    expect(await counts(recife)).toEqual([0, 0, 2]);

    // Praças changed while holding: the unit follows them.
    const recifense = await leadIn('assinado', { franchises: ['Recife'] });
    expect(await counts(recife)).toEqual([0, 1, 1]);
    expectSoldOut(
      await patchLead(recifense.id, { franchises: ['São Paulo', 'Recife'] }),
      soldOut(saoPaulo, 'São Paulo'),
    );
    expect((await readLead(recifense.id)).franchises).toEqual(['Recife']);
    expect((await patchLead(paulista.id, { franchises: ['Recife'] })).statusCode).toBe(200);
    expect(await counts(saoPaulo)).toEqual([0, 0, 1]);
    expect(await counts(recife)).toEqual([1, 1, 0]);
    expect((await patchLead(recifense.id, { franchises: ['São Paulo'] })).statusCode).toBe(200);
    expect(await counts(saoPaulo)).toEqual([0, 1, 0]);
    expect(await counts(recife)).toEqual([1, 0, 1]);
    expect((await patchLead(paulista.id, { franchises: [] })).statusCode).toBe(200);
    expect(await counts(recife)).toEqual([0, 0, 2]);
    expect(await counts(national)).toEqual([1, 1, 3]);
  });

  it('moves all of a bulk or none of it, and frees what a deleted lead held', async () => {
    const offering = await createOfferingVia(app, admin.headers, refs, { quantity: 2 });
    const cold = [await leadIn('frio'), await leadIn('morno'), await leadIn('quente')];
    const ids = cold.map((lead) => lead.id);

    expectSoldOut(await bulk({ ids, contract_status: 'fechado' }), soldOut(offering));
    for (const [index, lead] of cold.entries()) {
      expect((await readLead(lead.id)).contract_status, lead.id).toBe(['frio', 'morno', 'quente'][index]);
    }
    expect(await counts(offering)).toEqual([0, 0, 2]);

    const moved = await bulk({ ids: ids.slice(0, 2), contract_status: 'assinado' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ updated: 2 });
    expect(await counts(offering)).toEqual([0, 2, 0]);
    expectSoldOut(await moveLeadVia(app, seller.headers, ids[2] as string, 'no_juridico'), soldOut(offering));

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/leads/${ids[0]}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await counts(offering)).toEqual([0, 1, 1]);
    expect((await moveLeadVia(app, seller.headers, ids[2] as string, 'no_juridico')).statusCode).toBe(200);
    expect(await counts(offering)).toEqual([1, 1, 0]);
    expect((await bulk({ ids: ids.slice(1), delete: true })).json()).toEqual({ deleted: 2 });
    expect(await counts(offering)).toEqual([0, 0, 2]);
    for (const row of await compareStockWithRecount(app)) expect(row.kept).toEqual(row.counted);
  });

  it('re-counts an offering whose key changes, and refuses a key whose holders outnumber its units', async () => {
    const otherQuota = await insertCatalogueItem(app, quotas, `QUOTA${randomUUID().slice(0, 6)}`);
    const offering = await createOfferingVia(app, admin.headers, refs, { quantity: 1 });
    await leadIn('fechado');
    await leadIn('assinado', {}, { ...refs, quotaId: otherQuota });
    await leadIn('no_juridico', {}, { ...refs, quotaId: otherQuota });
    expect(await counts(offering)).toEqual([1, 0, 0]);

    const tooMany = await app.inject({
      method: 'PATCH',
      url: `/api/offerings/${offering.id}`,
      headers: admin.headers,
      payload: { quota: otherQuota },
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ message: 'Já há 2 oportunidades com esta cota' });
    expect(await counts(offering)).toEqual([1, 0, 0]);

    const rekeyed = await app.inject({
      method: 'PATCH',
      url: `/api/offerings/${offering.id}`,
      headers: admin.headers,
      payload: { quota: otherQuota, quantity: 2 },
    });
    expect(rekeyed.statusCode, rekeyed.body).toBe(200);
    expect(rekeyed.json()).toMatchObject({ held: 1, sold: 1, available: 0 });
  });
});
