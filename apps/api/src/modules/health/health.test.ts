import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rootPackage from '../../../../../package.json' with { type: 'json' };
import type { App } from '../../app';
import { buildTestApp, testDbKind } from '../../../test/build-test-app';

describe('GET /api/health', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers ok with the database kind and the app version', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 'ok', db: testDbKind(), version: rootPackage.version });
  });

  it('answers 503 with status "error" when the database does not answer', async () => {
    const broken = await buildTestApp();
    await broken.dbHandle.close();
    const response = await broken.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'error', db: testDbKind() });
    await broken.close();
  });
});
