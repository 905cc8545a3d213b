import { Agent, request } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
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

describe('closing the app (what SIGTERM does)', () => {
  it('finishes a request in flight, database work included, then closes at once', async () => {
    const app = await buildTestApp();
    app.get('/api/test-slow', { config: { access: 'public' } }, async () => {
      await delay(300);
      const rows = await app.db.select().from(franchises).limit(1);
      return { rows: rows.length };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const inFlight = keepAliveGet(port, '/api/test-slow');
    await delay(100);
    const startedClosingAt = Date.now();
    const closing = app.close();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ rows: 1 });
    // The keep-alive socket ends with this answer instead of holding the close for its timeout.
    expect(response.connection).toBe('close');
    await closing;
    expect(Date.now() - startedClosingAt).toBeLessThan(5_000);
  });

  it('lets a handler whose client hung up finish its database work before the database closes', async () => {
    const app = await buildTestApp();
    let queried: Promise<number> = Promise.resolve(-1);
    app.get('/api/test-abandoned', { config: { access: 'public' } }, async () => {
      await delay(300);
      queried = app.db
        .select()
        .from(franchises)
        .limit(1)
        .then((rows) => rows.length);
      return { rows: await queried };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const abandoned = request({ host: '127.0.0.1', port, path: '/api/test-abandoned' });
    abandoned.on('error', () => undefined);
    abandoned.end();
    await delay(100);
    abandoned.destroy();
    await delay(20);

    await app.close();
    // The query ran on an open database (a closed one rejects it).
    await expect(queried).resolves.toBe(1);
  });
});
