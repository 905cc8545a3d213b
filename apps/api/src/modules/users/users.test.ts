import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';

describe('users API', () => {
  let app: App;
  let admin: SignedIn;
  let plain: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await signIn(app, { roles: ['admin'], name: 'Ana Admin', email: 'ana@example.com' });
    plain = await signIn(app, {
      roles: ['user', 'comercial'],
      name: 'Bruno Vendas',
      email: 'bruno@example.com',
    });
    await signIn(app, {
      roles: ['manager'],
      name: 'Álvaro Gerente',
      email: 'alvaro@example.com',
      isActive: false,
    });
  });
  afterAll(() => app.close());

  const list = (query: string, caller = plain) =>
    app.inject({ method: 'GET', url: `/api/users${query}`, headers: caller.headers });

  it('lists every user without page/limit, sorted by name, to any signed-in user', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 3, page: 1, limit: 3 });
    expect(body.data.map((user: { name: string }) => user.name)).toEqual([
      'Álvaro Gerente',
      'Ana Admin',
      'Bruno Vendas',
    ]);
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      _id: body.data[0].id,
      name: 'Álvaro Gerente',
      full_name: 'Álvaro Gerente',
      email: 'alvaro@example.com',
      avatar_url: null,
      roles: ['manager'],
      isActive: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('filters by role, isActive and search (name, email, role; accent-insensitive); pages and sorts', async () => {
    const names = async (query: string) =>
      (await list(query)).json().data.map((user: { name: string }) => user.name);
    expect(await names('?role=comercial')).toEqual(['Bruno Vendas']);
    expect(await names('?isActive=false')).toEqual(['Álvaro Gerente']);
    expect(await names('?search=alvaro')).toEqual(['Álvaro Gerente']);
    expect(await names('?search=BRUNO@')).toEqual(['Bruno Vendas']);
    expect(await names('?search=admin')).toEqual(['Ana Admin']);
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?sort=email&order=desc')).toEqual(['Bruno Vendas', 'Ana Admin', 'Álvaro Gerente']);
    const paged = (await list('?limit=2&page=2')).json();
    expect(paged).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(paged.data).toHaveLength(1);
    expect((await list('?sort=password_hash')).statusCode).toBe(400);
    expect((await list('?role=root')).statusCode).toBe(400);
    expect((await list('?limit=101')).statusCode).toBe(400);
  });

  it('gets one user; 404 with its message for an unknown id', async () => {
    const one = await app.inject({
      method: 'GET',
      url: `/api/users/${admin.user.id}`,
      headers: plain.headers,
    });
    expect(one.json()).toMatchObject({ id: admin.user.id, email: 'ana@example.com' });
    const missing = await app.inject({
      method: 'GET',
      url: '/api/users/00000000-0000-0000-0000-000000000000',
      headers: plain.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Usuário não encontrado');
  });

  it('lets only an admin create users; 409 for a taken email; the new user can sign in', async () => {
    const payload = {
      name: 'Carla Comercial',
      email: 'Carla@Example.com',
      password: 'segredo1',
      roles: ['comercial'],
    };
    const denied = await app.inject({ method: 'POST', url: '/api/users', headers: plain.headers, payload });
    expect(denied.statusCode).toBe(403);
    const created = await app.inject({ method: 'POST', url: '/api/users', headers: admin.headers, payload });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email: 'carla@example.com',
      roles: ['comercial'],
      isActive: true,
    });
    const taken = await app.inject({ method: 'POST', url: '/api/users', headers: admin.headers, payload });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Email já cadastrado');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'carla@example.com', password: 'segredo1' },
    });
    expect(login.statusCode).toBe(200);
    const noRoles = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { ...payload, email: 'd@example.com', roles: [] },
    });
    expect(noRoles.json().message).toBe('Selecione ao menos um perfil');
  });

  it('updates name, roles and password; refuses email and unknown fields', async () => {
    const target = await signIn(app, { email: 'davi@example.com' });
    const patch = (payload: object, caller = admin) =>
      app.inject({ method: 'PATCH', url: `/api/users/${target.user.id}`, headers: caller.headers, payload });
    expect((await patch({ name: 'Davi Novo' }, plain)).statusCode).toBe(403);
    const renamed = await patch({ name: 'Davi Novo', roles: ['sales', 'marketing'], password: '' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Davi Novo', roles: ['sales', 'marketing'] });
    // A blank password kept the sessions; a new one ends them.
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: target.headers })).statusCode,
    ).toBe(200);
    expect((await patch({ email: 'outro@example.com' })).statusCode).toBe(400);
    expect((await patch({ createdAt: '2020-01-01T00:00:00Z' })).statusCode).toBe(400);
    expect((await patch({ password: 'novinha1' })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: target.headers })).statusCode,
    ).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'davi@example.com', password: 'novinha1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('deactivating revokes the user sessions', async () => {
    const target = await signIn(app, { email: 'elisa@example.com' });
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/users/${target.user.id}`,
      headers: admin.headers,
      payload: { isActive: false },
    });
    expect(response.json().isActive).toBe(false);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: target.headers })).statusCode,
    ).toBe(401);
  });

  it('never removes the last active admin', async () => {
    const self = (payload: object) =>
      app.inject({ method: 'PATCH', url: `/api/users/${admin.user.id}`, headers: admin.headers, payload });
    for (const payload of [{ roles: ['manager'] }, { isActive: false }]) {
      const response = await self(payload);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Não é possível remover o último administrador');
    }
    // With a second active admin, the first may step down.
    await signIn(app, { roles: ['admin'], email: 'segundo-admin@example.com' });
    const demoted = await self({ roles: ['manager'] });
    expect(demoted.statusCode).toBe(200);
  });
});
