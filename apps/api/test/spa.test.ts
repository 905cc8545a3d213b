import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { buildTestApp, tempDir } from './build-test-app';

const INDEX_HTML = '<!doctype html><title>Funil test</title><div id="root"></div>';
const APP_JS = 'console.log("app")';

/** Writes a file with the brotli and gzip copies the web build puts beside it. */
function writeWithCompressedCopies(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

describe('the SPA served by the API', () => {
  let app: App;

  beforeAll(async () => {
    const dist = tempDir('funil-web-dist-');
    mkdirSync(join(dist, 'assets'));
    writeWithCompressedCopies(join(dist, 'index.html'), INDEX_HTML);
    writeWithCompressedCopies(join(dist, 'assets', 'index-abc123.js'), APP_JS);
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/index-abc123.js"}}');
    // No compressed copy: the build skips files that compression would not make smaller.
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
    expect(response.body).toBe(APP_JS);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's brotli copy to a client that accepts br, still cached for a year", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends the plain file, varying on Accept-Encoding, to a client that accepts no encoding', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(APP_JS);
  });

  it('compresses index.html for client-side routes too, still revalidated', async () => {
    for (const url of ['/', '/marcas/gerenciar']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
  });

  it('falls back to the plain file when the build made no compressed copy', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/favicon.svg',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('<svg');
  });

  it('revalidates unhashed public files', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("does not serve the build's own manifest", async () => {
    const response = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(response.body).not.toContain('index-abc123.js');
    expect(response.headers['content-type']).not.toMatch(/json/);
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
