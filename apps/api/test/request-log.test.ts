import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { buildTestApp, tempDir } from './build-test-app';
import { memoryLog } from './memory-log';
import { signIn } from './sign-in';

const INFO = 30;
const DEBUG = 20;

describe('request log', () => {
  let app: App;
  const log = memoryLog();

  beforeAll(async () => {
    const dist = tempDir('funil-web-dist-');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Funil</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    app = await buildTestApp({ webDistDir: dist, logger: { level: 'debug', stream: log.stream } });
    await app.ready();
  });
  afterAll(() => app.close());

  const linesOf = (requestId: string) => log.lines.filter((line) => line.reqId === requestId);

  it('writes one info line per API request, with route, status, time, request id and user', async () => {
    const caller = await signIn(app);
    const response = await app.inject({
      method: 'GET',
      url: `/api/users/${caller.user.id}?x=1`,
      headers: caller.headers,
    });
    expect(response.statusCode).toBe(200);
    const lines = linesOf(response.headers['x-request-id'] as string);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: INFO,
      method: 'GET',
      route: '/api/users/:id',
      status: 200,
      userId: caller.user.id,
      msg: expect.stringMatching(/^GET \/api\/users\/:id 200 [\d.]+ms$/),
    });
    expect(typeof lines[0]?.ms).toBe('number');
  });

  it('logs anonymous and failed calls the same way, without a user', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nowhere' });
    const lines = linesOf(response.headers['x-request-id'] as string);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: INFO, route: '/api/nowhere', status: 404 });
    expect(lines[0]).not.toHaveProperty('userId');
  });

  it('writes the web app files at debug only', async () => {
    for (const url of ['/', '/assets/index-abc123.js', '/marcas/gerenciar']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const lines = linesOf(response.headers['x-request-id'] as string);
      expect(lines, url).toHaveLength(1);
      expect(lines[0]?.level, url).toBe(DEBUG);
    }
  });
});
