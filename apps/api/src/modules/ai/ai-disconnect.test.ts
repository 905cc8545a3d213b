import { once } from 'node:events';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import type { FakeAiServer } from '@funil/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_SETUPS } from '../../../test/ai-fixtures';
import { buildTestApp } from '../../../test/build-test-app';
import { listeningUrl } from '../../../test/listening-url';
import { signIn } from '../../../test/sign-in';
import type { App } from '../../app';

// Over a real socket (inject has none to close): the client hanging up must cancel the provider call.
describe.each(PROVIDER_SETUPS)('a client hanging up on $provider', (setup) => {
  let fake: FakeAiServer;
  let app: App;
  let baseUrl: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    fake = await setup.start();
    app = await buildTestApp({ env: setup.env(fake.url) });
    baseUrl = await listeningUrl(app);
    headers = { ...(await signIn(app)).headers, 'content-type': 'application/json' };
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  /** Asks over a socket of its own, which the test destroys to hang up. */
  const ask = (path: string) => {
    const request = httpRequest(`${baseUrl}${path}`, { method: 'POST', headers });
    request.on('error', () => {}); // the hang-up the test causes
    request.end(JSON.stringify({ prompt: 'Oi' }));
    return request;
  };

  it('aborts the provider request of a JSON question', async () => {
    fake.reset();
    fake.respondWith({ type: 'hang' });
    const request = ask('/api/openai/gemini');
    await fake.waitForRequests(1);
    request.destroy();
    expect((await fake.waitForClientClose()).closedByClient).toBe(true);
  });

  it('aborts the provider stream of a chat', async () => {
    fake.reset();
    fake.respondWith({ type: 'stall', text: 'Uma resposta sem fim', chunks: 4, afterChunks: 1 });
    const request = ask('/api/ai/chat');
    const [response] = (await once(request, 'response')) as [IncomingMessage];
    expect(response.statusCode).toBe(200);
    const [first] = (await once(response, 'data')) as [Buffer];
    expect(first.toString()).toContain('data: ');
    request.destroy();
    expect((await fake.waitForClientClose()).closedByClient).toBe(true);
  });
});

describe('a chat answered while the server shuts down', () => {
  it('carries Connection: close, so the shutdown does not wait for the keep-alive socket', async () => {
    const setup = PROVIDER_SETUPS[0]!;
    const fake = await setup.start();
    const app = await buildTestApp({ env: setup.env(fake.url) });
    try {
      const baseUrl = await listeningUrl(app);
      fake.respondWith({ type: 'text', text: 'Resposta durante o desligamento', delayMs: 300 });
      const request = httpRequest(`${baseUrl}/api/ai/chat`, {
        method: 'POST',
        headers: { ...(await signIn(app)).headers, 'content-type': 'application/json' },
      });
      request.end(JSON.stringify({ prompt: 'Oi' }));
      await fake.waitForRequests(1);
      const closing = app.close();
      const [response] = (await once(request, 'response')) as [IncomingMessage];
      response.resume();
      expect(response.statusCode).toBe(200);
      expect(response.headers.connection).toBe('close');
      await closing;
    } finally {
      await app.close();
      await fake.close();
    }
  });
});
