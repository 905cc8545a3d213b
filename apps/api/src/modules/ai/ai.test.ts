import { brasilApiRecord, type FakeAiServer, startCnpjMirror } from '@funil/test-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_SETUPS, streamedText, uiChunks } from '../../../test/ai-fixtures';
import { buildTestApp } from '../../../test/build-test-app';
import { memoryLog } from '../../../test/memory-log';
import { signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { REGISTRY_BLOCK_END, REGISTRY_BLOCK_START } from '../../lib/ai/system-instruction';

const CNPJ = '11222333000181';
const PROVIDER_SECRET = 'segredo interno do provedor: cota excedida';
const FAILED = 'Erro ao processar solicitação';

/** The JSON between the registry block's delimiters (the last block: the rules name them too). */
const registryBlockOf = (system: string) => {
  const start = system.lastIndexOf(`${REGISTRY_BLOCK_START}\n`) + REGISTRY_BLOCK_START.length;
  return JSON.parse(system.slice(start, system.lastIndexOf(REGISTRY_BLOCK_END))) as unknown;
};

describe.each(PROVIDER_SETUPS)('the AI assistant on $provider', (setup) => {
  let fake: FakeAiServer;
  let mirror: Awaited<ReturnType<typeof startCnpjMirror>>;
  let app: App;
  let headers: Record<string, string>;
  const log = memoryLog();

  beforeAll(async () => {
    fake = await setup.start();
    mirror = await startCnpjMirror();
    mirror.records.set(CNPJ, brasilApiRecord(CNPJ));
    app = await buildTestApp({
      env: { ...setup.env(fake.url), CNPJ_LOOKUP_URL: mirror.url, LOG_LEVEL: 'info' },
      logger: { level: 'info', stream: log.stream },
      // Long enough for a loaded CI machine to answer a normal question, short for the timeout tests.
      aiTimeoutMs: 2_000,
    });
    // The first call loads the provider's code; warm it up so it does not count against the timeout.
    await app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: (await signIn(app)).headers,
      payload: { prompt: 'Oi' },
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await mirror.close();
  });
  beforeEach(async () => {
    fake.reset();
    mirror.requests.length = 0;
    // A new user each time: every question counts against its asker's limit of 10 a minute.
    headers = (await signIn(app)).headers;
  });

  const generate = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/openai/gemini', headers, payload });
  const chat = (payload: object) => app.inject({ method: 'POST', url: '/api/ai/chat', headers, payload });
  const lastCall = () => setup.read(fake.requests.at(-1)!);

  describe('POST /api/openai/gemini', () => {
    it('asks the provider with the model, key, system instruction, prompt and settings, and answers its text', async () => {
      fake.respondWith({ type: 'text', text: 'Olá! Posso ajudar com a prospecção.' });
      const response = await generate({
        prompt: 'Como abordar uma marca de café?',
        temperature: 0.3,
        maxTokens: 123,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ response: 'Olá! Posso ajudar com a prospecção.' });
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]?.stream).toBe(false);
      const call = lastCall();
      expect(call).toMatchObject({
        model: setup.env('')[setup.provider === 'gemini' ? 'GEMINI_MODEL' : 'OPENAI_MODEL'],
        prompt: 'Como abordar uma marca de café?',
        temperature: 0.3,
        maxTokens: 123,
        key: setup.expectedKey,
      });
      expect(call.system).toContain('patrocínio');
      expect(call.system).not.toContain(`${REGISTRY_BLOCK_START}\n`);
      expect(mirror.requests).toEqual([]);
    });

    it('uses temperature 0.7 and 2000 tokens by default', async () => {
      await generate({ prompt: 'Oi' });
      expect(lastCall()).toMatchObject({ temperature: 0.7, maxTokens: 2000 });
    });

    it("puts the registry record of the prompt's CNPJ in a delimited block of the system instruction", async () => {
      const response = await generate({ prompt: 'Fale sobre a empresa 11.222.333/0001-81' });
      expect(response.statusCode).toBe(200);
      expect(mirror.requests).toEqual([CNPJ]);
      const system = lastCall().system ?? '';
      expect(registryBlockOf(system)).toMatchObject({
        status: 'found',
        cnpj: CNPJ,
        record: { razao_social: 'TORREFACAO SERRA AZUL S.A.', situacao_cadastral: 'ATIVA' },
      });
      expect(system).toContain('Receita Federal');
    });

    it('answers an empty response when the model gives no text', async () => {
      fake.respondWith({ type: 'empty' });
      const response = await generate({ prompt: 'Oi' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ response: '' });
    });

    it("answers 502 in our words when the provider fails, and logs its status and body, not the client's", async () => {
      fake.respondWith({
        type: 'error',
        status: 500,
        body: JSON.stringify({ error: { message: PROVIDER_SECRET } }),
      });
      const response = await generate({ prompt: 'Oi' });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(FAILED);
      expect(response.body).not.toContain('provedor');
      expect(fake.requests).toHaveLength(1); // no retries
      const line = log.lines.find(
        (entry) => entry.msg === 'AI provider call failed' && entry.statusCode === 500,
      );
      expect(line).toMatchObject({ provider: setup.provider });
      expect(String(line?.body)).toContain(PROVIDER_SECRET);
    });

    it('answers 502 when the provider does not answer in time, or cuts the connection', async () => {
      fake.next({ type: 'hang' }, { type: 'cut', text: 'meia resposta' });
      const startedAt = Date.now();
      const late = await generate({ prompt: 'Oi' });
      expect(late.statusCode).toBe(502);
      expect(late.json().message).toBe(FAILED);
      expect(Date.now() - startedAt).toBeLessThan(5_000);
      expect((await generate({ prompt: 'Oi' })).statusCode).toBe(502);
    });

    it("answers in the caller's language", async () => {
      fake.respondWith({ type: 'error', status: 503, body: 'overloaded' });
      const response = await app.inject({
        method: 'POST',
        url: '/api/openai/gemini',
        headers: { ...headers, 'accept-language': 'en' },
        payload: { prompt: 'Hi' },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('Error processing request');
    });
  });

  describe('POST /api/ai/chat', () => {
    it('streams the registry part first, then the text as the provider writes it', async () => {
      fake.respondWith({
        type: 'text',
        text: 'A Torrefação Serra Azul está ativa na Receita Federal.',
        chunks: 4,
      });
      const response = await chat({ prompt: 'Dados da empresa 11222333000181, por favor' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/event-stream');
      expect(response.headers['x-vercel-ai-ui-message-stream']).toBe('v1');
      // Our hooks still apply to a streamed answer.
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

      const chunks = uiChunks(response.body);
      expect(chunks[0]).toMatchObject({
        type: 'data-registry',
        data: { status: 'found', cnpj: CNPJ, record: { razao_social: 'TORREFACAO SERRA AZUL S.A.' } },
      });
      expect(chunks.map((chunk) => chunk.type)).toEqual([
        'data-registry',
        'start',
        'start-step',
        'text-start',
        ...Array(4).fill('text-delta'),
        'text-end',
        'finish-step',
        'finish',
      ]);
      expect(streamedText(chunks)).toBe('A Torrefação Serra Azul está ativa na Receita Federal.');
      expect(chunks.at(-1)?.type).toBe('finish');
      expect(response.body.trimEnd().endsWith('data: [DONE]')).toBe(true);

      expect(fake.requests[0]?.stream).toBe(true);
      const call = lastCall();
      expect(call).toMatchObject({
        prompt: 'Dados da empresa 11222333000181, por favor',
        temperature: 0.7,
        maxTokens: 2000,
        key: setup.expectedKey,
      });
      expect(call.system).toContain(REGISTRY_BLOCK_START);
      expect(call.system).toContain('TORREFACAO SERRA AZUL S.A.');

      const requestLine = log.lines.find((entry) => entry.msg === `POST /api/ai/chat 200 ${entry.ms}ms`);
      expect(requestLine?.msg).toMatch(/^POST \/api\/ai\/chat 200 \d/);
    });

    it('sends no registry part when no CNPJ is in play', async () => {
      const chunks = uiChunks((await chat({ prompt: 'Ideias de ativação para um festival' })).body);
      expect(chunks.some((chunk) => chunk.type === 'data-registry')).toBe(false);
      expect(streamedText(chunks)).toBe('Resposta do modelo de teste.');
      expect(mirror.requests).toEqual([]);
    });

    it('just finishes, without text, when the model gives none', async () => {
      fake.respondWith({ type: 'empty' });
      const response = await chat({ prompt: 'Oi' });
      expect(response.statusCode).toBe(200);
      const chunks = uiChunks(response.body);
      expect(chunks.map((chunk) => chunk.type)).toEqual(['start', 'start-step', 'finish-step', 'finish']);
    });

    it('answers a JSON 502 when the provider fails before the stream starts', async () => {
      fake.respondWith({ type: 'error', status: 500, body: PROVIDER_SECRET });
      const response = await chat({ prompt: 'Oi' });
      expect(response.statusCode).toBe(502);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().message).toBe(FAILED);
      expect(response.body).not.toContain('provedor');
    });

    it('answers a JSON 502 when the provider does not start answering in time', async () => {
      fake.respondWith({ type: 'hang' });
      const response = await chat({ prompt: 'Oi' });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(FAILED);
    });

    it('ends the stream with our error part when the provider cuts it halfway', async () => {
      fake.respondWith({
        type: 'cut',
        text: 'Primeira parte. Segunda parte. Terceira parte.',
        chunks: 3,
        afterChunks: 1,
      });
      const response = await chat({ prompt: 'Oi' });
      expect(response.statusCode).toBe(200);
      const chunks = uiChunks(response.body);
      expect(streamedText(chunks)).toBe('Primeira parte. ');
      const errors = chunks.filter((chunk) => chunk.type === 'error');
      expect(errors).toEqual([{ type: 'error', errorText: FAILED }]);
      expect(chunks.at(-1)?.type).toBe('error');

      fake.respondWith({ type: 'cut', text: 'Primera parte. Segunda parte.', chunks: 2, afterChunks: 1 });
      const spanish = await app.inject({
        method: 'POST',
        url: '/api/ai/chat',
        headers: { ...headers, 'accept-language': 'es' },
        payload: { prompt: 'Hola' },
      });
      expect(uiChunks(spanish.body).filter((chunk) => chunk.type === 'error')).toEqual([
        { type: 'error', errorText: 'Error al procesar la solicitud' },
      ]);
    });

    it('ends the stream with our error part when the time runs out mid-answer', async () => {
      fake.respondWith({ type: 'stall', text: 'Uma resposta que para no meio', chunks: 2, afterChunks: 1 });
      const startedAt = Date.now();
      const response = await chat({ prompt: 'Oi' });
      expect(Date.now() - startedAt).toBeLessThan(5_000);
      expect(response.statusCode).toBe(200);
      const chunks = uiChunks(response.body);
      expect(streamedText(chunks)).toBe('Uma resposta qu');
      expect(chunks.filter((chunk) => chunk.type === 'error')).toEqual([
        { type: 'error', errorText: FAILED },
      ]);
    });
  });
});
