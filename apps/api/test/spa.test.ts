import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { buildTestApp, tempDir } from './build-test-app';

describe('the SPA served by the API', () => {
  let app: App;

  beforeAll(async () => {
    const dist = tempDir('funil-web-dist-');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Funil test</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await buildTestApp({ webDistDir: dist });
  });
  afterAll(() => app.close());

  it('answers client-side routes with index.html, never cached without revalidation', async () => {
    for (const url of ['/', '/marcas/gerenciar', '/leads/editar/123?tab=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('Funil test');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates unhashed public files', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404 rather than index.html', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(response.statusCode).toBe(404);
  });

  it('keeps /api answers JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/marcas' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Rota não encontrada' });
  });

  it('tells how to build when the web build is missing', async () => {
    const bare = await buildTestApp({ webDistDir: join(tempDir(), 'no-such-dist') });
    const response = await bare.inject({ method: 'GET', url: '/marcas/gerenciar' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('npm run build');
    expect((await bare.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await bare.close();
  });
});
