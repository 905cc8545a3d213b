import type { Lead, LeadBoard, LeadListResponse } from '@funil/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia, type LeadReferences } from '../../../test/lead-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { franchises, offerings } from '../../db/schema';

describe('the stock on lead answers, and the offering filter', () => {
  let app: App;
  let seller: SignedIn;
  let refs: LeadReferences;
  let national: string;
  let saoPaulo: string;
  let recife: string;
  let inactive: string;

  const franchiseId = async (name: string) => {
    const [row] = await app.db
      .select({ id: franchises.id })
      .from(franchises)
      .where(eq(franchises.name, name));
    if (!row) throw new Error(`no franchise ${name}`);
    return row.id;
  };

  // Offerings straight in the database: their routes are tested in their own module.
  const offering = async (values: {
    franchise?: string;
    quantity: number;
    listPrice: number;
    year?: number;
  }) => {
    const [row] = await app.db
      .insert(offerings)
      .values({
        prospectusYear: values.year ?? 2026,
        verticalId: refs.verticalId,
        platformId: refs.platformId,
        quotaId: refs.quotaId,
        franchiseId: values.franchise ? await franchiseId(values.franchise) : null,
        quantity: values.quantity,
        listPrice: values.listPrice,
      })
      .returning({ id: offerings.id });
    if (!row) throw new Error('offering insert returned no row');
    return row.id;
  };

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    refs = await createLeadReferences(app, seller.headers);
    national = await offering({ quantity: 5, listPrice: 450000 });
    saoPaulo = await offering({ franchise: 'São Paulo', quantity: 2, listPrice: 120000.5 });
    recife = await offering({ franchise: 'Recife', quantity: 1, listPrice: 50000 });
    inactive = await offering({ year: 2027, quantity: 1, listPrice: 1 });
    await app.db.update(offerings).set({ status: 'inactive' }).where(eq(offerings.id, inactive));
  });
  afterAll(() => app.close());

  const get = <T>(url: string) =>
    app.inject({ method: 'GET', url, headers: seller.headers }).then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    });

  it('lists the active offerings a lead takes or would take: national first, then its praças', async () => {
    const cold = await createLeadVia(app, seller.headers, refs, { franchises: ['Recife', 'São Paulo'] });
    expect(cold.stock).toEqual([
      { offering_id: national, franchise: null, quantity: 5, available: 5, list_price: 450000 },
      { offering_id: recife, franchise: 'Recife', quantity: 1, available: 1, list_price: 50000 },
      { offering_id: saoPaulo, franchise: 'São Paulo', quantity: 2, available: 2, list_price: 120000.5 },
    ]);

    // In a holding status it takes a unit of each: every answer shows what is left.
    const closed = await createLeadVia(app, seller.headers, refs, {
      contract_status: 'fechado',
      franchises: ['São Paulo'],
    });
    expect(closed.stock.map((item) => [item.franchise, item.available])).toEqual([
      [null, 4],
      ['São Paulo', 1],
    ]);
    const again = await get<Lead>(`/api/leads/${cold.id}`);
    expect(again.stock.map((item) => [item.franchise, item.available])).toEqual([
      [null, 4],
      ['Recife', 1],
      ['São Paulo', 1],
    ]);

    // No praça: only the national offering. Another year's offering is inactive: nothing.
    const plain = await createLeadVia(app, seller.headers, refs);
    expect(plain.stock.map((item) => item.offering_id)).toEqual([national]);
    const otherYear = await createLeadVia(app, seller.headers, refs, { prospectus_year: 2027 });
    expect(otherYear.stock).toEqual([]);

    const board = await get<LeadBoard>(`/api/leads/board?vertical=${refs.verticalId}`);
    const cards = board.columns.flatMap((column) => column.data);
    expect(cards.find((card) => card.id === closed.id)?.stock).toEqual(closed.stock);
    const list = await get<LeadListResponse>(`/api/leads?vertical=${refs.verticalId}&limit=100`);
    expect(list.data.find((lead) => lead.id === cold.id)?.stock).toHaveLength(3);
  });

  it('gives a praça it leaves back before a move takes any, and keeps the praças it keeps', async () => {
    const patch = (id: string, payload: object) =>
      app.inject({ method: 'PATCH', url: `/api/leads/${id}`, headers: seller.headers, payload });
    // Recife has one unit: a lead in fechado takes it.
    const holder = await createLeadVia(app, seller.headers, refs, {
      contract_status: 'fechado',
      franchises: ['Recife'],
    });
    expect(holder.stock.find((item) => item.offering_id === recife)?.available).toBe(0);
    // Saved again with the same praça: nothing is given back and taken again, nothing refused.
    const same = await patch(holder.id, { franchises: ['Recife'], assessment: 'Q2/2026' });
    expect(same.statusCode, same.body).toBe(200);
    // A second deal in Recife cannot close there...
    const other = await createLeadVia(app, seller.headers, refs, { franchises: ['Recife'] });
    const refused = await patch(other.id, { contract_status: 'fechado' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/^Cota esgotada: .* · 2026 · Recife$/);
    // ...but it can close while leaving Recife in the same write,
    const leaving = await patch(other.id, { contract_status: 'fechado', franchises: [] });
    expect(leaving.statusCode, leaving.body).toBe(200);
    // and the holder can reopen while moving to another praça that has room.
    const reopened = await patch(holder.id, { contract_status: 'frio', franchises: ['São Paulo'] });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const freed = await get<Lead>(`/api/leads/${other.id}`);
    expect(freed.stock.map((item) => item.franchise)).toEqual([null]);
    await patch(other.id, { contract_status: 'frio' });
  });

  it('filters the list and the board by the offering a lead takes, whatever its status', async () => {
    const ids = async (url: string) => (await get<LeadListResponse>(url)).data.map((lead) => lead.id).sort();
    const all = await get<LeadListResponse>(`/api/leads?vertical=${refs.verticalId}&limit=100`);
    const withPraça = (name: string) =>
      all.data.filter((lead) => lead.prospectus_year === 2026 && lead.franchises.includes(name));

    expect(await ids(`/api/leads?offering=${national}&limit=100`)).toEqual(
      all.data
        .filter((lead) => lead.prospectus_year === 2026)
        .map((lead) => lead.id)
        .sort(),
    );
    expect(await ids(`/api/leads?offering=${saoPaulo}&limit=100`)).toEqual(
      withPraça('São Paulo')
        .map((lead) => lead.id)
        .sort(),
    );
    expect(await ids(`/api/leads?offering=${recife}&limit=100`)).toEqual(
      withPraça('Recife')
        .map((lead) => lead.id)
        .sort(),
    );
    const board = await get<LeadBoard>(`/api/leads/board?offering=${saoPaulo}`);
    expect(board.columns.flatMap((column) => column.data.map((lead) => lead.id)).sort()).toEqual(
      withPraça('São Paulo')
        .map((lead) => lead.id)
        .sort(),
    );
    expect(board.columns.find((column) => column.contract_status === 'fechado')?.count).toBe(1);
    // An id that names no offering matches nothing; a malformed one is a 400.
    expect(await ids('/api/leads?offering=00000000-0000-4000-8000-000000000000')).toEqual([]);
    const bad = await app.inject({ method: 'GET', url: '/api/leads?offering=abc', headers: seller.headers });
    expect(bad.statusCode).toBe(400);
  });
});
