import { once } from 'node:events';
import { Agent, get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { listeningUrl } from '../../../test/listening-url';
import { signIn } from '../../../test/sign-in';
import type { App } from '../../app';

/** A GET through `agent`; resolves with the answer's headers, its body left to the caller. */
const open = (url: string, agent: Agent, headers: Record<string, string> = {}) =>
  new Promise<IncomingMessage>((resolve, reject) => {
    get(url, { agent, headers }, resolve).once('error', reject);
  });

/** The whole body of an answer, as text. */
async function textOf(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the live stream and the socket it came on', () => {
  let app: App;
  let baseUrl: string;
  beforeAll(async () => {
    app = await buildTestApp({ eventsPingMs: 60_000 });
    baseUrl = await listeningUrl(app);
  });
  afterAll(() => app.close());

  it('says Connection: close, so the request after a logout on the same keep-alive agent is answered', async () => {
    // One socket at most, kept alive: whatever the agent may reuse, the next request goes on it.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const user = await signIn(app);
      const stream = await open(`${baseUrl}/api/events`, agent, user.headers);
      expect(stream.statusCode).toBe(200);
      expect(stream.headers.connection).toBe('close');
      stream.setEncoding('utf8');
      const [first] = (await once(stream, 'data')) as [string];
      expect(first).toContain(': connected');

      const ended = once(stream, 'end');
      stream.resume();
      const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
      expect(logout.statusCode).toBe(204);
      await ended;

      // At once, on the same agent: a socket handed back for reuse would be destroyed under it.
      const next = await open(`${baseUrl}/api/health`, agent);
      expect(next.statusCode).toBe(200);
      expect(JSON.parse(await textOf(next))).toMatchObject({ status: 'ok' });
    } finally {
      agent.destroy();
    }
  });
});
