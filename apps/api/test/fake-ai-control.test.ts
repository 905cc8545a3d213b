import { connectFakeAiServer, startOpenAiCompatibleServer } from '@funil/test-server';
import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createAiModel } from '../src/lib/ai/provider';
import { testConfig } from './build-test-app';

// The e2e tests run the fake in Playwright's config process and steer it from the workers.
describe('a fake AI provider steered over HTTP', () => {
  it('takes replies, gives its requests and resets, without recording the orders', async () => {
    const fake = await startOpenAiCompatibleServer();
    try {
      const remote = connectFakeAiServer(fake.origin);
      const model = createAiModel(testConfig({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: fake.url }).ai)!.model;
      const ask = () => generateText({ model, prompt: 'Oi', maxRetries: 0 });

      await remote.respondWith({ type: 'text', text: 'sempre esta' });
      await remote.next({ type: 'text', text: 'primeiro esta' });
      expect((await ask()).text).toBe('primeiro esta');
      expect((await ask()).text).toBe('sempre esta');
      await remote.respondWith({ type: 'error', status: 500, body: 'falhou' });
      await expect(ask()).rejects.toThrow();

      const requests = await remote.requests();
      expect(requests.map((request) => request.path)).toEqual(Array(3).fill('/v1/chat/completions'));
      expect(requests[0]?.body).toMatchObject({ messages: [{ role: 'user', content: 'Oi' }] });

      await remote.reset();
      expect(await remote.requests()).toEqual([]);
      expect((await ask()).text).toBe('Resposta do modelo de teste.');
    } finally {
      await fake.close();
    }
  });
});
