import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import type { App } from '../app';

const CONFIG_PATH = fileURLToPath(new URL('../../redocly.yaml', import.meta.url));

type Operation = {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: { required?: string[] } }> }>;
};
type Document = { security?: unknown[]; paths: Record<string, Record<string, Operation>> };

/** "rule (severity) at pointer: message", one line per problem, so a failure says what to fix. */
const describeProblem = (problem: NormalizedProblem) =>
  `${problem.ruleId} (${problem.severity}) at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`;

describe('the OpenAPI document (GET /api/docs/json)', () => {
  let app: App;
  let source: string;
  let document: Document;
  beforeAll(async () => {
    app = await buildTestApp();
    const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(answer.statusCode).toBe(200);
    source = answer.body;
    document = answer.json<Document>();
  });
  afterAll(async () => app.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  it("has no error and no warning under Redocly's recommended rules", async () => {
    const config = await createConfig(readFileSync(CONFIG_PATH, 'utf8'), { configPath: CONFIG_PATH });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    expect(problems.map(describeProblem)).toEqual([]);
  });

  it('lints with the recommended rules, each rule switched off saying why on the line above', () => {
    const lines = readFileSync(CONFIG_PATH, 'utf8').split('\n');
    expect(lines).toContain('  - recommended');
    lines.forEach((line, index) => {
      if (/:\s*off\s*$/.test(line)) expect(lines[index - 1]?.trim(), line).toMatch(/^# \S/);
    });
  });

  it('names every operation once, meaningfully', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/leads']?.get?.operationId).toBe('listLeads');
    expect(document.paths['/api/leads/{id}']?.get?.operationId).toBe('getLead');
    expect(document.paths['/api/leads/{id}']?.patch?.operationId).toBe('updateLead');
    expect(document.paths['/api/leads/bulk']?.post?.operationId).toBe('moveLeadsInBulk');
    expect(document.paths['/api/verticals/{id}']?.delete?.operationId).toBe('deleteVertical');
    expect(document.paths['/api/brands/{id}/notes']?.post?.operationId).toBe('createBrandNote');
  });

  it('requires the session everywhere but on the public routes', () => {
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    const publicRoutes = app.apiRoutes
      .filter((route) => route.access === 'public' && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method.toLowerCase()} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(publicRoutes).toEqual(
      expect.arrayContaining(['get /api/health', 'post /api/auth/login', 'post /api/auth/google']),
    );
    for (const { path, method, operation } of operations()) {
      const isPublic = publicRoutes.includes(`${method} ${path}`);
      expect(operation.security, `${method} ${path}`).toEqual(isPublic ? [] : [{ bearerAuth: [] }]);
      // A route that needs the session answers 401 without one.
      if (!isPublic) expect(Object.keys(operation.responses), `${method} ${path}`).toContain('401');
    }
  });

  it('describes every error answer with the shared body, its code included', () => {
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^4\d\d$/.test(status) || path === '/api/health') continue;
        expect(
          response.content?.['application/json']?.schema.required,
          `${method} ${path} ${status}`,
        ).toEqual(['statusCode', 'error', 'code', 'message']);
      }
    }
  });
});
