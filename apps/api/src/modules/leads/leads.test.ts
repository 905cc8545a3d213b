import type { Lead, LeadHistory } from '@funil/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLeadReferences,
  createLeadVia,
  type LeadReferences,
  leadBody,
} from '../../../test/lead-fixtures';
import { buildTestApp } from '../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { leadFranchises, leadStatusChanges, leads } from '../../db/schema';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('/api/leads: records, validation, history', () => {
  let app: App;
  let seller: SignedIn;
  let manager: SignedIn;
  let executive: SignedIn;
  let refs: LeadReferences;

  beforeAll(async () => {
    app = await buildTestApp();
    manager = await signIn(app, { roles: ['manager'] });
    seller = await signIn(app, { roles: ['comercial'], name: 'Sônia Vendas' });
    executive = await signIn(app, { roles: ['comercial'], name: 'Ênio Executivo' });
    refs = await createLeadReferences(app, seller.headers);
  });
  afterAll(() => app.close());

  const post = (payload: object, as: SignedIn = seller) =>
    app.inject({ method: 'POST', url: '/api/leads', headers: as.headers, payload });
  const patch = (id: string, payload: object, as: SignedIn = seller) =>
    app.inject({ method: 'PATCH', url: `/api/leads/${id}`, headers: as.headers, payload });
  const get = (url: string, as: SignedIn = seller) => app.inject({ method: 'GET', url, headers: as.headers });
  const history = async (id: string) => (await get(`/api/leads/${id}/history`)).json<LeadHistory>().data;
  const storedLeads = async () => (await app.db.select({ id: leads.id }).from(leads)).length;

  it('creates a lead with its relations embedded, defaults filled and money as numbers', async () => {
    const response = await post(
      leadBody(refs, {
        assessment: ' Q2/2026 ',
        executive: executive.user.id,
        franchises: ['Rio de Janeiro', 'Belém', 'Rio de Janeiro'],
        credit: 1234.56,
        invest: 0.5,
        rouanet_law: true,
      }),
    );
    expect(response.statusCode).toBe(201);
    const lead = response.json<Lead>();
    expect(lead).toMatchObject({
      _id: lead.id,
      brand_id: { id: refs.brandId, _id: refs.brandId, company_name: 'Empresa Ltda', cnpj: '11222333000181' },
      assessment: 'Q2/2026',
      vertical: { id: refs.verticalId, _id: refs.verticalId },
      quota: { id: refs.quotaId },
      platform: { id: refs.platformId },
      prospectus_year: 2026,
      contract_status: 'frio',
      executive: {
        id: executive.user.id,
        _id: executive.user.id,
        name: 'Ênio Executivo',
        email: executive.user.email,
      },
      franchises: ['Belém', 'Rio de Janeiro'],
      credit: 1234.56,
      invest: 0.5,
      exchange: false,
      rouanet_law: true,
    });
    expect(typeof lead.vertical.label).toBe('string');
    expect((await get(`/api/leads/${lead.id}`, manager)).json()).toEqual(lead);
    const bare = (await createLeadVia(app, seller.headers, refs)) satisfies Lead;
    expect(bare).toMatchObject({ executive: null, franchises: [], credit: 0, invest: 0, exchange: false });
  });

  it('answers the missing fields in the form order, then the field rules', async () => {
    const missing: [string, string][] = [
      ['brand_id', 'Marca é obrigatória'],
      ['assessment', 'Apuração é obrigatória'],
      ['vertical', 'Vertical é obrigatória'],
      ['quota', 'Quota é obrigatória'],
      ['platform', 'Plataforma é obrigatória'],
      ['prospectus_year', 'Ano do prospecto é obrigatório'],
      ['contract_status', 'Status do contrato é obrigatório'],
    ];
    const empty = await post({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues.map((issue: { message: string }) => issue.message)).toEqual(
      missing.map(([, message]) => message),
    );
    const before = await storedLeads();
    for (const [field, message] of missing) {
      const body: Record<string, unknown> = leadBody(refs);
      delete body[field];
      const response = await post(body);
      expect(response.json().message, field).toBe(message);
    }
    const rules: [Record<string, unknown>, string][] = [
      [{ prospectus_year: 2025 }, 'Ano do prospecto deve ser 2026, 2027 ou 2028'],
      [{ credit: -1 }, 'Valor deve ser maior ou igual a zero, com até duas casas decimais'],
      [{ invest: 10.001 }, 'Valor deve ser maior ou igual a zero, com até duas casas decimais'],
      [{ contract_status: 'gelado' }, 'Status do contrato inválido'],
      [{ id: UNKNOWN_ID }, 'Campo não permitido: id'],
    ];
    for (const [override, message] of rules) {
      const response = await post(leadBody(refs, override));
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await storedLeads()).toBe(before);
  });

  it('refuses records that do not exist with the field named, and stores nothing', async () => {
    const inactive = await signIn(app, { isActive: false });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ brand_id: UNKNOWN_ID }, 'brand_id', 'Marca não encontrada'],
      [{ vertical: UNKNOWN_ID }, 'vertical', 'Vertical não encontrada'],
      [{ quota: UNKNOWN_ID }, 'quota', 'Tipo de cota não encontrado'],
      [{ platform: UNKNOWN_ID }, 'platform', 'Plataforma não encontrada'],
      [{ executive: UNKNOWN_ID }, 'executive', 'Executivo não encontrado'],
      [{ executive: inactive.user.id }, 'executive', 'Executivo não encontrado'],
      [{ franchises: ['Recife', 'Atlântida'] }, 'franchises', 'Praça não encontrada'],
      // The first wrong field in the form's order is the one answered.
      [{ vertical: UNKNOWN_ID, franchises: ['Atlântida'] }, 'vertical', 'Vertical não encontrada'],
    ];
    const before = await storedLeads();
    const changes = (await app.db.select().from(leadStatusChanges)).length;
    for (const [override, field, message] of cases) {
      const response = await post(leadBody(refs, override));
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({ message, issues: [{ path: field, message }] });
    }
    expect(await storedLeads()).toBe(before);
    expect(await app.db.select().from(leadStatusChanges)).toHaveLength(changes);

    const lead = await createLeadVia(app, seller.headers, refs, { franchises: ['Recife'] });
    const refused = await patch(lead.id, { contract_status: 'quente', franchises: ['Atlântida'] });
    expect(refused.json()).toMatchObject({ statusCode: 400, message: 'Praça não encontrada' });
    expect((await get(`/api/leads/${lead.id}`)).json()).toMatchObject({
      contract_status: 'frio',
      franchises: ['Recife'],
    });
    expect(await history(lead.id)).toHaveLength(1);
  });

  it('patches any field; executive null and franchises [] clear them', async () => {
    const other = await createLeadReferences(app, seller.headers);
    const lead = await createLeadVia(app, seller.headers, refs, {
      executive: executive.user.id,
      franchises: ['Recife'],
    });
    const moved = await patch(lead.id, {
      brand_id: other.brandId,
      vertical: other.verticalId,
      quota: other.quotaId,
      platform: other.platformId,
      assessment: 'Q4/2027',
      prospectus_year: '2027',
      credit: 99.9,
      invest: 10,
      exchange: true,
      rouanet_law: true,
      franchises: ['São Paulo', 'Curitiba'],
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      brand_id: { id: other.brandId },
      vertical: { id: other.verticalId },
      quota: { id: other.quotaId },
      platform: { id: other.platformId },
      assessment: 'Q4/2027',
      prospectus_year: 2027,
      credit: 99.9,
      invest: 10,
      exchange: true,
      rouanet_law: true,
      executive: { id: executive.user.id },
      franchises: ['Curitiba', 'São Paulo'],
    });
    const cleared = await patch(lead.id, { executive: null, franchises: [] });
    expect(cleared.json()).toMatchObject({ executive: null, franchises: [], credit: 99.9 });
    expect(await app.db.select().from(leadFranchises).where(eq(leadFranchises.leadId, lead.id))).toEqual([]);
    expect(Date.parse(cleared.json<Lead>().updatedAt)).toBeGreaterThanOrEqual(Date.parse(lead.updatedAt));
  });

  it('records creation and each change of status, newest first, and nothing when the status stays', async () => {
    const lead = await createLeadVia(app, seller.headers, refs, { contract_status: 'morno' });
    // Creation and the first move, at once: seq, not the clock, orders them.
    await patch(lead.id, { contract_status: 'quente' }, executive);
    await patch(lead.id, { contract_status: 'quente', credit: 5 });
    await patch(lead.id, { invest: 7 });
    await patch(lead.id, { contract_status: 'assinado' });
    const entries = await history(lead.id);
    expect(entries.map((entry) => [entry.from_status, entry.to_status])).toEqual([
      ['quente', 'assinado'],
      ['morno', 'quente'],
      [null, 'morno'],
    ]);
    expect(entries[1]?.user).toEqual({
      id: executive.user.id,
      _id: executive.user.id,
      name: 'Ênio Executivo',
      email: executive.user.email,
    });
    expect(entries[2]?.user?.id).toBe(seller.user.id);
    expect(entries[0]?._id).toBe(entries[0]?.id);
    const times = entries.map((entry) => Date.parse(entry.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('ten concurrent moves of one lead leave one consistent chain', async () => {
    const lead = await createLeadVia(app, seller.headers, refs);
    const targets = [
      'morno',
      'quente',
      'fechado',
      'no_juridico',
      'assinado',
      'declinado',
      'cancelado',
      'frio',
      'quente',
      'morno',
    ];
    const answers = await Promise.all(targets.map((status) => patch(lead.id, { contract_status: status })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(targets.map(() => 200));
    const chain = (await history(lead.id)).reverse();
    expect(chain[0]).toMatchObject({ from_status: null, to_status: 'frio' });
    for (let index = 1; index < chain.length; index++) {
      expect(chain[index]?.from_status, `entry ${index}`).toBe(chain[index - 1]?.to_status);
      expect(chain[index]?.from_status).not.toBe(chain[index]?.to_status);
    }
    const final = (await get(`/api/leads/${lead.id}`)).json<Lead>();
    expect(chain.at(-1)?.to_status).toBe(final.contract_status);
  });

  it('answers 404 for unknown leads, deletes with history (204 then 404), and only for record.delete', async () => {
    for (const response of [
      await get(`/api/leads/${UNKNOWN_ID}`),
      await get(`/api/leads/${UNKNOWN_ID}/history`),
      await patch(UNKNOWN_ID, { contract_status: 'quente' }),
      await app.inject({ method: 'DELETE', url: `/api/leads/${UNKNOWN_ID}`, headers: manager.headers }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Oportunidade não encontrada');
    }
    const lead = await createLeadVia(app, seller.headers, refs, { franchises: ['Recife'] });
    const plainUser = await signIn(app, { roles: ['user'] });
    const forbidden = await app.inject({
      method: 'DELETE',
      url: `/api/leads/${lead.id}`,
      headers: plainUser.headers,
    });
    expect(forbidden.statusCode).toBe(403);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/leads/${lead.id}`,
      headers: manager.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get(`/api/leads/${lead.id}`)).statusCode).toBe(404);
    expect((await get(`/api/leads/${lead.id}/history`)).statusCode).toBe(404);
    expect(
      await app.db.select().from(leadStatusChanges).where(eq(leadStatusChanges.leadId, lead.id)),
    ).toEqual([]);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/leads/${lead.id}`,
      headers: manager.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('keeps a brand with leads from being deleted (409)', async () => {
    const own = await createLeadReferences(app, seller.headers);
    await createLeadVia(app, seller.headers, own);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/brands/${own.brandId}`,
      headers: manager.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Marca possui oportunidades');
  });

  it('describes its routes in the OpenAPI document, the cursor and the filters included', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const parameters = (path: string) =>
      (document.paths[path].get.parameters as { name: string }[]).map((parameter) => parameter.name);
    expect(parameters('/api/leads')).toEqual(
      expect.arrayContaining(['cursor', 'franchise', 'sort', 'search']),
    );
    expect(parameters('/api/leads/board')).toEqual(expect.arrayContaining(['limit', 'prospectus_year']));
    expect(document.paths['/api/leads/{id}/history'].get.responses).toHaveProperty('200');
  });
});
