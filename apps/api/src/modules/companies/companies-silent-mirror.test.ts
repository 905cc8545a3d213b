import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { listeningUrl } from '../../../test/listening-url';
import { type SilentPeer, startHeadersThenSilentServer, startSilentServer } from '../../../test/silent-peers';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { MIRROR_TIMEOUT_MS } from './companies.service';

/** The test's lookup limit; production's is MIRROR_TIMEOUT_MS. */
const LOOKUP_LIMIT_MS = 800;
/** Room for a loaded machine between the limit firing and the answer arriving. */
const SLACK_MS = 1_500;

type Timed = { status: number; message: string; ms: number };

describe.each([
  { peer: 'accepts the connection and never answers', start: startSilentServer },
  { peer: 'answers its headers and then stalls', start: () => startHeadersThenSilentServer() },
])('a CNPJ mirror that $peer', ({ start }) => {
  let mirror: SilentPeer;
  let app: App;
  let baseUrl: string;
  let seller: SignedIn;

  beforeAll(async () => {
    mirror = await start();
    app = await buildTestApp({
      env: { CNPJ_LOOKUP_URL: `${mirror.url}/api/cnpj/v1` },
      cnpjLookupTimeoutMs: LOOKUP_LIMIT_MS,
    });
    seller = await signIn(app, { roles: ['comercial'] });
    baseUrl = await listeningUrl(app);
  });
  afterAll(async () => {
    await app.close();
    await mirror.close();
  });

  const timedGet = async (path: string): Promise<Timed> => {
    const startedAt = performance.now();
    const response = await fetch(`${baseUrl}${path}`, { headers: seller.headers });
    const body = (await response.json()) as { message?: string };
    return { status: response.status, message: body.message ?? '', ms: performance.now() - startedAt };
  };

  it('ends the lookup within its limit with a 502 and our message, while other requests are answered', async () => {
    expect(MIRROR_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    const received = mirror.requests();
    const lookup = timedGet('/api/companies/11222333000181');
    let lookupEnded = false;
    void lookup.finally(() => {
      lookupEnded = true;
    });
    await mirror.received(received + 1);

    // The lookup is waiting on the mirror: other requests go on as usual.
    const other = await timedGet('/api/leads?limit=1');
    expect(other.status).toBe(200);
    expect(other.ms).toBeLessThan(LOOKUP_LIMIT_MS);
    expect(lookupEnded).toBe(false);

    const answer = await lookup;
    expect(answer).toMatchObject({ status: 502, message: 'Não foi possível consultar a Receita Federal' });
    expect(answer.ms).toBeGreaterThanOrEqual(LOOKUP_LIMIT_MS - 50);
    expect(answer.ms).toBeLessThan(LOOKUP_LIMIT_MS + SLACK_MS);
  });
});
