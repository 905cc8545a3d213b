import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_SETUPS } from '../../../test/ai-fixtures';
import { buildTestApp } from '../../../test/build-test-app';
import { listeningUrl } from '../../../test/listening-url';
import { type SilentPeer, startHeadersThenSilentServer, startSilentServer } from '../../../test/silent-peers';
import { signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { AI_TIMEOUT_MS } from './ai-call';

/** The test's limit for a whole question; production's is AI_TIMEOUT_MS. */
const AI_LIMIT_MS = 1_200;
/**
 * The grounding's lookup limit, on purpose longer than the question's: the question's own limit
 * must end a lookup still waiting on a silent mirror.
 */
const LOOKUP_LIMIT_MS = 5_000;
/** Room for a loaded machine between the limit firing and the answer arriving. */
const SLACK_MS = 1_500;
const FAILED = 'Erro ao processar solicitação';

const PEERS = [
  { peer: 'accepts the connection and never answers', start: startSilentServer },
  {
    peer: 'answers its headers and then stalls',
    start: () => startHeadersThenSilentServer(200, { 'content-type': 'text/event-stream' }),
  },
];

type Timed = { status: number; contentType: string; message: string; ms: number };

describe.each(PROVIDER_SETUPS)('the AI assistant on $provider', (setup) => {
  describe.each(PEERS)('with a provider that $peer', ({ start }) => {
    let provider: SilentPeer;
    let mirror: SilentPeer;
    let app: App;
    let baseUrl: string;
    let headers: Record<string, string>;

    beforeAll(async () => {
      provider = await start();
      mirror = await startSilentServer();
      app = await buildTestApp({
        env: { ...setup.env(provider.url), CNPJ_LOOKUP_URL: `${mirror.url}/api/cnpj/v1` },
        aiTimeoutMs: AI_LIMIT_MS,
        cnpjLookupTimeoutMs: LOOKUP_LIMIT_MS,
      });
      baseUrl = await listeningUrl(app);
    });
    afterAll(async () => {
      await app.close();
      await provider.close();
      await mirror.close();
    });
    beforeEach(async () => {
      // A user per question: each has its own limit of 10 questions a minute.
      headers = { ...(await signIn(app)).headers, 'content-type': 'application/json' };
    });

    const timedPost = async (path: string, body: object): Promise<Timed> => {
      const startedAt = performance.now();
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const text = await response.text();
      const contentType = response.headers.get('content-type') ?? '';
      const message = contentType.includes('json')
        ? ((JSON.parse(text) as { message?: string }).message ?? '')
        : '';
      return { status: response.status, contentType, message, ms: performance.now() - startedAt };
    };

    /** Asks, checks another request is answered while the provider is silent, then the 502 in time. */
    async function expectEndsInTime(path: string, body: object, waitFor: SilentPeer) {
      expect(AI_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
      const received = waitFor.requests();
      const question = timedPost(path, body);
      let questionEnded = false;
      void question.finally(() => {
        questionEnded = true;
      });
      await waitFor.received(received + 1);

      const startedAt = performance.now();
      const other = await fetch(`${baseUrl}/api/leads?limit=1`, { headers });
      const otherMs = performance.now() - startedAt;
      expect(other.status).toBe(200);
      expect(otherMs).toBeLessThan(AI_LIMIT_MS);
      expect(questionEnded).toBe(false);

      const answer = await question;
      expect(answer).toMatchObject({ status: 502, message: FAILED });
      expect(answer.contentType).toContain('application/json');
      expect(answer.ms).toBeGreaterThanOrEqual(AI_LIMIT_MS - 50);
      expect(answer.ms).toBeLessThan(AI_LIMIT_MS + SLACK_MS);
    }

    it('ends a JSON question with a 502 within the limit, other requests answered meanwhile', async () => {
      await expectEndsInTime('/api/openai/gemini', { prompt: 'Resuma a marca' }, provider);
    });

    it('ends a chat before its stream starts with a JSON 502 within the limit', async () => {
      await expectEndsInTime('/api/ai/chat', { prompt: 'Resuma a marca' }, provider);
    });

    it("ends within the question's limit when the grounding's CNPJ mirror is silent too", async () => {
      await expectEndsInTime('/api/ai/chat', { prompt: 'O que diz o CNPJ 11.222.333/0001-81?' }, mirror);
    });
  });
});
