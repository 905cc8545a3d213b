import { brasilApiRecord, type FakeAiServer, startCnpjMirror, startGeminiServer } from '@funil/test-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_SETUPS, streamedText, uiChunks } from '../../../test/ai-fixtures';
import { ALPHANUMERIC_CNPJ } from '../../../test/brand-fixtures';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia } from '../../../test/lead-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { companyRecords } from '../../db/schema';
import { REGISTRY_BLOCK_START } from '../../lib/ai/system-instruction';

const gemini = PROVIDER_SETUPS.find((setup) => setup.provider === 'gemini')!;
const BRAND_CNPJ = '12ABC34501DE35';

describe('the AI assistant routes', () => {
  let fake: FakeAiServer;
  let mirror: Awaited<ReturnType<typeof startCnpjMirror>>;
  let app: App;
  let caller: SignedIn;

  beforeAll(async () => {
    fake = await startGeminiServer();
    mirror = await startCnpjMirror();
    mirror.records.set(BRAND_CNPJ, brasilApiRecord(BRAND_CNPJ, { razao_social: 'ALFA NUMERICA LTDA' }));
    app = await buildTestApp({ env: { ...gemini.env(fake.url), CNPJ_LOOKUP_URL: mirror.url } });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await mirror.close();
  });
  beforeEach(async () => {
    fake.reset();
    mirror.setBehaviour('normal');
    mirror.requests.length = 0;
    await app.db.delete(companyRecords);
    caller = await signIn(app);
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = caller.headers) =>
    app.inject({ method: 'POST', url, headers, payload: payload as object });
  const system = () => gemini.read(fake.requests.at(-1)!).system ?? '';

  it('says which provider is configured', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openai/status', headers: caller.headers });
    expect(response.json()).toEqual({ enabled: true, provider: 'gemini' });
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.paths['/api/openai/status'].get.responses).toHaveProperty('200');
    expect(document.paths['/api/openai/gemini'].post.requestBody).toHaveProperty([
      'content',
      'application/json',
    ]);
    expect(document.paths['/api/ai/chat'].post.responses).toHaveProperty('502');
  });

  it('is for signed-in users only', async () => {
    expect((await post('/api/openai/gemini', { prompt: 'Oi' }, {})).statusCode).toBe(401);
    expect((await post('/api/ai/chat', { prompt: 'Oi' }, {})).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/openai/status' })).statusCode).toBe(401);
    expect(fake.requests).toEqual([]);
  });

  it('refuses invalid bodies with the validation messages, without asking the provider', async () => {
    const cases: Array<[string, object, string]> = [
      ['/api/openai/gemini', { prompt: '' }, 'A pergunta deve ter entre 1 e 8000 caracteres'],
      ['/api/openai/gemini', { prompt: '   ' }, 'A pergunta deve ter entre 1 e 8000 caracteres'],
      ['/api/openai/gemini', { prompt: 'x'.repeat(8001) }, 'A pergunta deve ter entre 1 e 8000 caracteres'],
      ['/api/openai/gemini', { prompt: 'Oi', temperature: 2.5 }, 'Temperatura deve estar entre 0 e 2'],
      ['/api/openai/gemini', { prompt: 'Oi', maxTokens: 4001 }, 'Máximo de tokens deve estar entre 1 e 4000'],
      ['/api/openai/gemini', { prompt: 'Oi', maxTokens: 1.5 }, 'Máximo de tokens deve estar entre 1 e 4000'],
      ['/api/ai/chat', {}, 'A pergunta deve ter entre 1 e 8000 caracteres'],
    ];
    for (const [url, payload, message] of cases) {
      const response = await post(url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const badLead = await post('/api/ai/chat', { prompt: 'Oi', lead_id: 'nao-e-um-id' });
    expect(badLead.statusCode).toBe(400);
    expect(fake.requests).toEqual([]);
  });

  it("grounds the chat on the lead's brand CNPJ when the prompt names none", async () => {
    const refs = await createLeadReferences(app, caller.headers);
    await app.inject({
      method: 'PATCH',
      url: `/api/brands/${refs.brandId}`,
      headers: caller.headers,
      payload: { cnpj: ALPHANUMERIC_CNPJ },
    });
    const lead = await createLeadVia(app, caller.headers, refs);
    const response = await post('/api/ai/chat', { prompt: 'Informações sobre a marca', lead_id: lead.id });
    expect(response.statusCode).toBe(200);
    expect(uiChunks(response.body)[0]).toMatchObject({
      type: 'data-registry',
      data: { status: 'found', cnpj: BRAND_CNPJ, record: { razao_social: 'ALFA NUMERICA LTDA' } },
    });
    expect(mirror.requests).toEqual([BRAND_CNPJ]);
    expect(system()).toContain('ALFA NUMERICA LTDA');
  });

  it("answers the leads' 404 for an unknown lead", async () => {
    const response = await post('/api/ai/chat', {
      prompt: 'Oi',
      lead_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Oportunidade não encontrada');
    expect(fake.requests).toEqual([]);
  });

  it('still answers when the registry cannot be read, telling the model and the client so', async () => {
    mirror.setBehaviour('failing');
    const response = await post('/api/ai/chat', { prompt: 'Dados do CNPJ 12.ABC.345/01DE-35' });
    expect(response.statusCode).toBe(200);
    const chunks = uiChunks(response.body);
    expect(chunks[0]).toEqual({ type: 'data-registry', data: { status: 'unavailable', cnpj: BRAND_CNPJ } });
    expect(streamedText(chunks)).toBe('Resposta do modelo de teste.');
    expect(system()).toContain('Não foi possível consultar o registro');
  });

  it('tells the model when the CNPJ is not registered', async () => {
    const response = await post('/api/openai/gemini', { prompt: 'E a empresa 11.222.333/0001-81?' });
    expect(response.statusCode).toBe(200);
    expect(system()).toContain('não consta na Receita Federal');
    expect(system()).toContain('"status": "not_found"');
  });

  it('asks no registry when the prompt names no CNPJ, and instructs in the caller’s language', async () => {
    const response = await post(
      '/api/openai/gemini',
      { prompt: 'How do I pitch a coffee brand?' },
      { ...caller.headers, 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(response.statusCode).toBe(200);
    expect(mirror.requests).toEqual([]);
    expect(system()).toContain('media-sponsorship');
    expect(system()).not.toContain(`${REGISTRY_BLOCK_START}\n`);
  });

  it('allows 10 questions a minute per user, counted across both routes', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      const url = index % 2 === 0 ? '/api/openai/gemini' : '/api/ai/chat';
      statuses.push((await post(url, { prompt: `Pergunta ${index}` })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    const refused = await post('/api/ai/chat', { prompt: 'Mais uma' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Muitas requisições. Tente novamente mais tarde.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(10);
    // Another user has a limit of their own.
    expect((await post('/api/ai/chat', { prompt: 'Oi' }, (await signIn(app)).headers)).statusCode).toBe(200);
  });
});

describe('the AI assistant without a provider', () => {
  let app: App;
  let caller: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    caller = await signIn(app);
  });
  afterAll(() => app.close());

  it('answers 503 to questions and says it is disabled', async () => {
    for (const url of ['/api/openai/gemini', '/api/ai/chat']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: caller.headers,
        payload: { prompt: 'Oi' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('Assistente de IA não configurado');
    }
    const status = await app.inject({ method: 'GET', url: '/api/openai/status', headers: caller.headers });
    expect(status.json()).toEqual({ enabled: false, provider: null });
  });
});
