import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { buildTestApp } from '../build-test-app';
import { signIn } from '../sign-in';

const PARALLEL = 10;

describe('parallel creates of the same catalogue name', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it.each(['verticals', 'quotas', 'platforms'])(
    '/api/%s: one row, one 201 and 409s for the rest',
    async (resource) => {
      const { headers } = await signIn(app, { roles: ['manager'] });
      // Spelled differently: trimmed and upper-cased, all the same name.
      const spellings = Array.from({ length: PARALLEL }, (_, i) => (i % 2 ? ' corrida ' : 'Corrida'));
      const answers = await Promise.all(
        spellings.map((name) =>
          app.inject({ method: 'POST', url: `/api/${resource}`, headers, payload: { name, label: name } }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([201, ...Array(PARALLEL - 1).fill(409)]);
      for (const answer of answers.filter((a) => a.statusCode === 409)) {
        expect(answer.json()).toMatchObject({
          statusCode: 409,
          message: 'Já existe um registro com este nome',
        });
      }

      const list = await app.inject({ method: 'GET', url: `/api/${resource}?search=CORRIDA`, headers });
      const rows = list.json<{ data: { name: string }[] }>().data;
      expect(rows.map((row) => row.name)).toEqual(['CORRIDA']);
    },
  );
});
