import { type Franchise, foldForSearch } from '@funil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';

describe('/api/franchises', () => {
  let app: App;
  let user: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    user = await signIn(app, { roles: ['user'] });
  });
  afterAll(() => app.close());

  it('answers every seeded franchise on one page, sorted by name with accents ignored', async () => {
    // The web client sends status=active; unknown parameters are ignored.
    const response = await app.inject({
      method: 'GET',
      url: '/api/franchises?status=active&page=3',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: Franchise[]; total: number; page: number; limit: number }>();
    expect(body.total).toBeGreaterThan(10);
    expect(body).toMatchObject({ page: 1, limit: body.total });
    expect(body.data).toHaveLength(body.total);
    for (const franchise of body.data) expect(franchise._id).toBe(franchise.id);
    const names = body.data.map((franchise) => franchise.name);
    expect(names).toContain('São Paulo');
    expect(names).toEqual([...names].sort((a, b) => foldForSearch(a).localeCompare(foldForSearch(b), 'en')));
    expect(names.indexOf('Belém')).toBeLessThan(names.indexOf('Belo Horizonte'));
  });

  it('needs a signed-in user', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/franchises' });
    expect(response.statusCode).toBe(401);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('answers %s with 405', async (method) => {
    for (const url of ['/api/franchises', '/api/franchises/3f1e0b9a-0000-4000-8000-000000000000']) {
      const response = await app.inject({ method, url, headers: user.headers, payload: { name: 'Nova' } });
      expect(response.statusCode, url).toBe(405);
      expect(response.json()).toMatchObject({ statusCode: 405, message: 'Método não permitido' });
      expect(response.headers.allow).toBe('GET');
    }
  });
});
