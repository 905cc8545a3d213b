import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { franchises } from '../src/db/schema';
import { buildTestApp } from './build-test-app';

/** A GET over a keep-alive connection, as a browser makes it. */
function keepAliveGet(
  port: number,
  path: string,
): Promise<{ status: number; connection: string; body: string }> {
  return new Promise((done, fail) => {
    const agent = new Agent({ keepAlive: true });
    const outgoing = request({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        done({ status: response.statusCode ?? 0, connection: String(response.headers.connection), body }),
      );
    });
    outgoing.on('error', fail);
    outgoing.end();
  });
}

/** A promise and the function that settles it: the test's way to wait on an event. */
function signal() {
  let fire = () => {};
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return { fire, fired };
}

/**
 * An app with one slow route whose handler says when it has started and then waits until the test
 * lets it go on; the test also hears when the app starts closing (a preClose hook registered after
 * the graceful-close plugin's, so Connection: close is already on by then).
 */
async function appWithGatedRoute(path: string, work: (app: App) => Promise<number>) {
  const app: App = await buildTestApp();
  const entered = signal();
  const gate = signal();
  const closing = signal();
  const aborted = signal();
  app.addHook('preClose', async () => closing.fire());
  app.addHook('onRequestAbort', async (_request) => aborted.fire());
  app.get(path, { config: { access: 'public' } }, async () => {
    entered.fire();
    await gate.fired;
    return { rows: await work(app) };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, port, entered, gate, closing, aborted };
}

describe('closing the app (what SIGTERM does)', () => {
  it('finishes a request in flight, database work included, then closes at once', async () => {
    const route = await appWithGatedRoute('/api/test-slow', async (app) => {
      const rows = await app.db.select().from(franchises).limit(1);
      return rows.length;
    });
    const { app } = route;

    const inFlight = keepAliveGet(route.port, '/api/test-slow');
    await route.entered.fired;
    const startedClosingAt = Date.now();
    const closed = app.close();
    await route.closing.fired;
    route.gate.fire();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ rows: 1 });
    // The keep-alive socket ends with this answer instead of holding the close for its timeout.
    expect(response.connection).toBe('close');
    await closed;
    expect(Date.now() - startedClosingAt).toBeLessThan(5_000);
  });

  it('lets a handler whose client hung up finish its database work before the database closes', async () => {
    let queried: Promise<number> = Promise.resolve(-1);
    const route = await appWithGatedRoute('/api/test-abandoned', (app) => {
      queried = app.db
        .select()
        .from(franchises)
        .limit(1)
        .then((rows) => rows.length);
      return queried;
    });
    const { app } = route;

    const abandoned = request({ host: '127.0.0.1', port: route.port, path: '/api/test-abandoned' });
    abandoned.on('error', () => undefined);
    abandoned.end();
    await route.entered.fired;
    abandoned.destroy();
    await route.aborted.fired;

    const closed = app.close();
    await route.closing.fired;
    route.gate.fire();
    await closed;
    // The query ran on an open database (a closed one rejects it).
    await expect(queried).resolves.toBe(1);
  });
});
