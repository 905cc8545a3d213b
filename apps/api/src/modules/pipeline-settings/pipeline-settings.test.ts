import { defaultPipelineSettings, type Lead, type LeadSummary, type PipelineSettings } from '@funil/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia } from '../../../test/lead-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { leads } from '../../db/schema';

describe('/api/settings/pipeline', () => {
  let app: App;
  let manager: SignedIn;
  let seller: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    manager = await signIn(app, { roles: ['manager'] });
    seller = await signIn(app, { roles: ['comercial'] });
  });
  afterAll(() => app.close());

  const get = (url: string, as: SignedIn = seller) => app.inject({ method: 'GET', url, headers: as.headers });
  const put = (payload: unknown, as: SignedIn = manager, language?: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/settings/pipeline',
      headers: { ...as.headers, ...(language ? { 'accept-language': language } : {}) },
      payload: payload as object,
    });
  const withStatus = (status: string, change: object): PipelineSettings => ({
    statuses: defaultPipelineSettings().statuses.map((entry) =>
      entry.contract_status === status ? { ...entry, ...change } : entry,
    ),
  });

  it('answers the defaults to anyone signed in, in pipeline order', async () => {
    const response = await get('/api/settings/pipeline');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(defaultPipelineSettings());
    expect(response.json<PipelineSettings>().statuses[0]).toEqual({
      contract_status: 'frio',
      probability: 10,
      stale_after_days: 30,
      holds_quota: false,
    });
    const holding = response
      .json<PipelineSettings>()
      .statuses.filter((status) => status.holds_quota)
      .map((status) => status.contract_status);
    expect(holding).toEqual(['fechado', 'no_juridico', 'assinado']);
  });

  it('changes holds_quota when sent, and keeps it when a status leaves it out', async () => {
    const changed = withStatus('quente', { holds_quota: true });
    expect((await put(changed)).json()).toEqual(changed);
    // A client that predates the field sends no holds_quota: the stored flags stay.
    const withoutFlags = {
      statuses: defaultPipelineSettings().statuses.map(({ holds_quota: _ignored, ...rest }) => rest),
    };
    expect((await put(withoutFlags)).json()).toEqual(changed);
    const badFlag = await put(withStatus('frio', { holds_quota: 'sim' }));
    expect(badFlag.statusCode).toBe(400);
    expect((await put(defaultPipelineSettings())).json()).toEqual(defaultPipelineSettings());
  });

  it('lets a manager replace them (any order in), refuses a seller', async () => {
    const changed = withStatus('quente', { probability: 60, stale_after_days: null });
    const response = await put({ statuses: [...changed.statuses].reverse() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(changed);
    expect((await get('/api/settings/pipeline')).json()).toEqual(changed);
    expect((await put(defaultPipelineSettings(), seller)).statusCode).toBe(403);
    expect((await put(defaultPipelineSettings())).statusCode).toBe(200);
  });

  it('refuses bad settings with their messages, and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [
        { statuses: defaultPipelineSettings().statuses.slice(1) },
        'Informe os 8 status do funil, cada um uma vez',
      ],
      [
        { statuses: [...defaultPipelineSettings().statuses.slice(1), defaultPipelineSettings().statuses[1]] },
        'Informe os 8 status do funil, cada um uma vez',
      ],
      [withStatus('frio', { probability: 101 }), 'Probabilidade deve ser um número inteiro de 0 a 100'],
      [withStatus('frio', { probability: 10.5 }), 'Probabilidade deve ser um número inteiro de 0 a 100'],
      [
        withStatus('morno', { stale_after_days: 0 }),
        'Dias até parado deve ser um número inteiro de 1 a 365, ou vazio',
      ],
      [
        withStatus('morno', { stale_after_days: 366 }),
        'Dias até parado deve ser um número inteiro de 1 a 365, ou vazio',
      ],
      [{ statuses: 'todos' }, 'Informe os 8 status do funil, cada um uma vez'],
      [{ ...defaultPipelineSettings(), currency: 'BRL' }, 'Campo não permitido: currency'],
      [withStatus('frio', { color: 'azul' }), 'Campo não permitido: color'],
    ];
    for (const [body, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    const english = await put(withStatus('frio', { probability: -1 }), manager, 'en');
    expect(english.json<{ message: string }>().message).toBe(
      'Probability must be a whole number from 0 to 100',
    );
    expect((await get('/api/settings/pipeline')).json()).toEqual(defaultPipelineSettings());
  });

  it("drives the leads' stale mark and the summary's forecast at once", async () => {
    const refs = await createLeadReferences(app, seller.headers);
    const lead = await createLeadVia(app, seller.headers, refs, {
      contract_status: 'morno',
      credit: 1000.01,
    });
    // In its status for 10 days and a half: under morno's default 21 days.
    await app.db
      .update(leads)
      .set({ statusChangedAt: sql`now() - interval '10 days 12 hours'` })
      .where(eq(leads.id, lead.id));
    const read = async () => (await get(`/api/leads/${lead.id}`)).json<Lead>();
    const morno = async () =>
      (await get(`/api/leads/summary?vertical=${refs.verticalId}`))
        .json<LeadSummary>()
        .columns.find((column) => column.contract_status === 'morno');
    expect((await read()).stale).toBe(false);
    expect(await morno()).toMatchObject({ count: 1, stale_count: 0, weighted_credit: 250 });

    expect((await put(withStatus('morno', { probability: 33, stale_after_days: 10 }))).statusCode).toBe(200);
    expect((await read()).stale).toBe(true);
    // 33% of 1000.01 is 330.0033: to the cent.
    expect(await morno()).toMatchObject({ count: 1, stale_count: 1, weighted_credit: 330 });
    const stale = await get(`/api/leads?stale=true&vertical=${refs.verticalId}`);
    expect(stale.json<{ total: number }>().total).toBe(1);

    expect((await put(withStatus('morno', { stale_after_days: null }))).statusCode).toBe(200);
    expect((await read()).stale).toBe(false);
    expect(await morno()).toMatchObject({ stale_count: 0 });
    expect((await put(defaultPipelineSettings())).statusCode).toBe(200);
  });
});
