import { listQuerySchema } from '@funil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../src/app';
import { AppError } from '../src/lib/app-error';
import { buildTestApp } from './build-test-app';
import { signIn } from './sign-in';

// Routes that exist only here, to exercise the plumbing every module will rely on.
const echoBody = z.strictObject({
  name: z.string().trim().min(2, 'validation:catalogue.name_min').max(100, 'validation:catalogue.name_max'),
  label: z.string().trim().min(2, 'validation:catalogue.label_min'),
});

// Every /api route must declare who may call it (plugins/auth.ts).
const PUBLIC = { access: 'public' } as const;

describe('HTTP plumbing', () => {
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.register(
      async (api) => {
        api.post('/echo', { config: PUBLIC, schema: { body: echoBody } }, async (request) => request.body);
        api.get(
          '/list',
          { config: PUBLIC, schema: { querystring: listQuerySchema(['name', 'createdAt']) } },
          async (request) => ({
            query: request.query,
          }),
        );
        api.post('/logout-like', { config: PUBLIC }, async (_request, reply) => reply.code(204).send());
        api.get('/boom', { config: PUBLIC }, async () => {
          throw new Error('duplicate key value violates unique constraint "users_email_key"');
        });
        api.get('/gone', { config: PUBLIC }, async () => {
          throw new AppError(404, 'errors:not_found.brand');
        });
      },
      { prefix: '/api/test' },
    );
  });
  afterAll(() => app.close());

  it('answers an unknown /api route with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/does-not-exist' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        code: 'route_not_found',
        message: 'Rota não encontrada',
      });
    }
  });

  it('answers malformed JSON with 400 "JSON inválido"', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "ab",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'invalid_json',
      message: 'JSON inválido',
    });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024), label: 'ok' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      statusCode: 413,
      error: 'Payload Too Large',
      code: 'payload_too_large',
    });
  });

  it('answers validation errors with issues and the first issue as message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: ' a ', label: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'validation',
      message: 'Nome deve ter no minimo 2 caracteres',
      issues: [
        { path: 'name', message: 'Nome deve ter no minimo 2 caracteres' },
        { path: 'label', message: 'Label deve ter no minimo 2 caracteres' },
      ],
    });
  });

  it('translates messages per Accept-Language', async () => {
    const english = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { name: 'a', label: 'ok' },
    });
    expect(english.json()).toMatchObject({ message: 'Name must be at least 2 characters' });
    const spanish = await app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.json()).toMatchObject({ message: 'Ruta no encontrada' });
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'fr' },
    });
    expect(unknown.json()).toMatchObject({ message: 'Rota não encontrada' });
  });

  it('rejects unknown body fields, one issue per field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'ok', label: 'ok', id: 'x', roles: ['admin'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'id', message: 'Campo não permitido: id' },
      { path: 'roles', message: 'Campo não permitido: roles' },
    ]);
  });

  it('refuses a NUL character in any parameter or body field with 400, before the database sees it', async () => {
    // Found by the schema fuzzer: PostgreSQL text cannot hold U+0000, and these calls were 500s.
    const admin = await signIn(app, { roles: ['admin'] });
    const message = 'Texto contém um caractere inválido (NUL)';
    const created = await app.inject({
      method: 'POST',
      url: '/api/verticals',
      headers: admin.headers,
      payload: { name: 'NUL\u0000NAME', label: 'ROTULO' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ message, issues: [{ path: 'name', message }] });
    const searched = await app.inject({
      method: 'GET',
      url: '/api/brands?name=a%00b',
      headers: admin.headers,
    });
    expect(searched.statusCode).toBe(400);
    expect(searched.json()).toMatchObject({ message, issues: [{ path: 'name', message }] });
    const list = await app.inject({ method: 'GET', url: '/api/verticals', headers: admin.headers });
    expect(list.json().total).toBe(0);
  });

  it('trims strings before validating them', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: '  ab  ', label: 'cd ' },
    });
    expect(response.json()).toEqual({ name: 'ab', label: 'cd' });
  });

  it('validates list queries: defaults, empty parameters, limits and sort fields', async () => {
    const list = (query: string) => app.inject({ method: 'GET', url: `/api/test/list?${query}` });
    expect((await list('')).json()).toEqual({ query: { page: 1, limit: 20 } });
    expect((await list('page=&limit=&sort=&status=active')).json()).toEqual({
      query: { page: 1, limit: 20 },
    });
    const tooMany = await list('limit=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ message: 'Limite deve ser um número inteiro entre 1 e 100' });
    expect((await list('limit=abc')).statusCode).toBe(400);
    expect((await list('sort=password_hash')).json()).toMatchObject({
      statusCode: 400,
      issues: [{ path: 'sort', message: 'Campo de ordenação inválido' }],
    });
    expect((await list('order=sideways')).statusCode).toBe(400);
  });

  it('accepts an empty JSON body where no body is expected', async () => {
    const headers = { 'content-type': 'application/json', accept: '*/*' };
    const logout = await app.inject({ method: 'POST', url: '/api/test/logout-like', headers, payload: '' });
    expect(logout.statusCode).toBe(204);
    const health = await app.inject({ method: 'GET', url: '/api/health', headers });
    expect(health.statusCode).toBe(200);
  });

  it('never answers OPTIONS with a 5xx', async () => {
    for (const url of ['/api/health', '/api/nope', '/']) {
      const response = await app.inject({
        method: 'OPTIONS',
        url,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('hides internals of 5xx errors', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'internal',
      message: 'Erro interno do servidor. Tente novamente mais tarde.',
    });
    expect(response.body).not.toMatch(/unique constraint|users_email_key|at /);
  });

  it('maps AppError to its status and translated key', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/gone' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Marca não encontrada' });
  });

  it('answers every /api call in JSON whatever Accept says', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('sends security headers and a request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI 3 document and the Swagger UI', async () => {
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/health'].get.responses).toHaveProperty('200');
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
    // The spreadsheet imports: their options as query parameters, the answer's shape, the 413.
    for (const kind of ['brands', 'leads', 'contacts']) {
      const operation = document.paths[`/api/${kind}/import`].post;
      expect(operation.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual([
        'dry_run',
        'mapping',
        'on_duplicate',
      ]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '413']));
      expect(operation.responses['200'].content['application/json'].schema.required).toEqual(
        expect.arrayContaining(['dry_run', 'created', 'updated', 'skipped', 'columns', 'preview']),
      );
    }
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});
