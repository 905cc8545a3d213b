import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { isDocsRoute } from '../src/plugins/auth';
import { ACCESS_MATRIX, CALLER_ROLES, CALLERS, type MatrixContext, uniqueSuffix } from './access-matrix';
import { buildTestApp } from './build-test-app';
import { listeningUrl } from './listening-url';
import { signIn } from './sign-in';

/** The status of a GET whose answer stays open (an event stream): read, then the connection is dropped. */
const streamStatus = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    request.on('error', reject);
  });

const rowKey = (method: string, url: string) => `${method} ${url}`;

describe('role × endpoint matrix', () => {
  let app: App;
  let users: MatrixContext['users'];

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    // The admin first: the installation has its first account before anyone registers.
    const admin = await signIn(app, { roles: [...CALLER_ROLES.admin] });
    users = {
      admin,
      manager: await signIn(app, { roles: [...CALLER_ROLES.manager] }),
      user: await signIn(app, { roles: [...CALLER_ROLES.user] }),
    };
  });
  afterAll(() => app.close());

  it('has a row for every /api route of the app, and no row for a route that does not exist', () => {
    // HEAD routes mirror their GET; the Swagger UI routes are public by construction (auth.test).
    const routes = app.apiRoutes
      .filter((route) => route.method !== 'HEAD' && !isDocsRoute(route.url))
      .map((route) => rowKey(route.method, route.url));
    const rows = ACCESS_MATRIX.map((row) => rowKey(row.method, row.url));
    expect(
      routes.filter((route) => !rows.includes(route)),
      'routes missing from test/access-matrix.ts',
    ).toEqual([]);
    expect(
      rows.filter((row) => !routes.includes(row)),
      'rows naming no route',
    ).toEqual([]);
    expect(new Set(rows).size, 'duplicate rows').toBe(rows.length);
  });

  for (const row of ACCESS_MATRIX) {
    it(`${row.method} ${row.url}`, async () => {
      const answers: Record<string, number> = {};
      for (const caller of CALLERS) {
        const ctx: MatrixContext = { app, caller, users, unique: uniqueSuffix };
        const request = (await row.request?.(ctx)) ?? {};
        const headers = { ...(caller === 'anonymous' ? {} : users[caller].headers), ...request.headers };
        if (row.isStream) {
          answers[caller] = await streamStatus(
            `${await listeningUrl(app)}${request.url ?? row.url}`,
            headers,
          );
          continue;
        }
        const response = await app.inject({
          method: row.method,
          url: request.url ?? row.url,
          headers,
          ...(request.payload === undefined ? {} : { payload: request.payload as object }),
        });
        answers[caller] = response.statusCode;
      }
      expect(answers).toEqual(row.expect);
    });
  }
});
