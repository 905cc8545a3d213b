import type { ContractStatus, PipelineReport } from '@funil/shared';
import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia, insertCatalogueItem } from '../../../test/lead-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { leads, leadStatusChanges, platforms, verticals } from '../../db/schema';
import { monthsOf } from './pipeline-report';

const PERIOD = 'from=2026-01-01&to=2026-03-31';

describe('GET /api/reports/pipeline', () => {
  let app: App;
  let ana: SignedIn;
  let bruno: SignedIn;
  let verticalOne: string;

  beforeAll(async () => {
    app = await buildTestApp();
    ana = await signIn(app, { roles: ['comercial'], name: 'Ana Lima' });
    bruno = await signIn(app, { roles: ['comercial'], name: 'Bruno Reis' });
    const refs = await createLeadReferences(app, ana.headers);
    verticalOne = refs.verticalId;
    const verticalTwo = await insertCatalogueItem(app, verticals, 'MUSICA');
    const platformTwo = await insertCatalogueItem(app, platforms, 'RADIO');

    /**
     * A lead created at `created`, then moved through the API as given, each move dated back to
     * its instant: the history entry it wrote, and the first win or loss it stamped (if it did).
     */
    const lead = async (
      created: string,
      fields: { executive: string | null; vertical: string; platform: string; credit: number },
      moves: [ContractStatus, string, string?][],
    ) => {
      const made = await createLeadVia(
        app,
        ana.headers,
        { ...refs, verticalId: fields.vertical, platformId: fields.platform },
        {
          assessment: `Lead ${created}`,
          executive: fields.executive,
          credit: fields.credit,
        },
      );
      await app.db
        .update(leads)
        .set({ createdAt: new Date(created) })
        .where(eq(leads.id, made.id));
      for (const [to, at, reason] of moves) {
        const startedAt = new Date();
        const moved = await app.inject({
          method: 'PATCH',
          url: `/api/leads/${made.id}`,
          headers: ana.headers,
          payload: { contract_status: to, ...(reason ? { reason } : {}) },
        });
        expect(moved.statusCode, moved.body).toBe(200);
        const instant = new Date(at);
        await app.db
          .update(leadStatusChanges)
          .set({ createdAt: instant })
          .where(and(eq(leadStatusChanges.leadId, made.id), gte(leadStatusChanges.createdAt, startedAt)));
        await app.db
          .update(leads)
          .set({
            wonAt: sql`case when ${leads.wonAt} >= ${startedAt.toISOString()} then ${instant.toISOString()}::timestamptz else ${leads.wonAt} end`,
            lostAt: sql`case when ${leads.lostAt} >= ${startedAt.toISOString()} then ${instant.toISOString()}::timestamptz else ${leads.lostAt} end`,
          })
          .where(eq(leads.id, made.id));
      }
      return made.id;
    };
    const A = ana.user.id;
    const B = bruno.user.id;
    // L1: January, won in February after 30 days.
    await lead(
      '2026-01-10T12:00:00Z',
      { executive: A, vertical: verticalOne, platform: refs.platformId, credit: 1000 },
      [['assinado', '2026-02-09T12:00:00Z']],
    );
    // L2: created on 31 January at 23:30 in São Paulo (1 February in UTC), declined in March.
    await lead(
      '2026-02-01T02:30:00Z',
      { executive: B, vertical: verticalTwo, platform: refs.platformId, credit: 500 },
      [['declinado', '2026-03-05T12:00:00Z', 'Sem verba']],
    );
    // L3: February, signed in March, declined in April (outside the period): no longer won in March.
    await lead(
      '2026-02-15T12:00:00Z',
      { executive: null, vertical: verticalOne, platform: platformTwo, credit: 250.5 },
      [
        ['assinado', '2026-03-01T12:00:00Z'],
        ['declinado', '2026-04-02T12:00:00Z', 'Preço'],
      ],
    );
    // L4: created before the period, signed, reopened and signed again in January: won once, at
    // the signature that stands (31 days).
    await lead(
      '2025-12-20T12:00:00Z',
      { executive: A, vertical: verticalTwo, platform: platformTwo, credit: 2000 },
      [
        ['assinado', '2026-01-15T12:00:00Z'],
        ['no_juridico', '2026-01-17T12:00:00Z'],
        ['assinado', '2026-01-20T12:00:00Z'],
      ],
    );
    // L5: March, cancelled the next day.
    await lead(
      '2026-03-10T12:00:00Z',
      { executive: A, vertical: verticalOne, platform: refs.platformId, credit: 0 },
      [['cancelado', '2026-03-11T12:00:00Z', 'Preço']],
    );
  });
  afterAll(() => app.close());

  const report = async (query: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/reports/pipeline?${query}`,
      headers: ana.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PipelineReport>();
  };
  const figures = (row: { created: number; won: number; lost: number }) => [row.created, row.won, row.lost];

  it('counts created, won and lost per month of the time zone, every month shown, with the totals', async () => {
    const answer = await report(`${PERIOD}&tz=America/Sao_Paulo`);
    expect(answer.groups.map((row) => [row.key, ...figures(row)])).toEqual([
      ['2026-01', 2, 1, 0],
      ['2026-02', 1, 1, 0],
      ['2026-03', 1, 0, 2],
    ]);
    expect(answer.groups[2]).toMatchObject({
      label: '2026-03',
      won_credit: 0,
      lost_credit: 500,
      conversion: 0,
      avg_days_to_sign: null,
    });
    expect(answer.total).toEqual({
      created: 4,
      won: 2,
      won_credit: 3000,
      lost: 2,
      lost_credit: 500,
      conversion: 0.5,
      avg_days_to_sign: 30.5,
    });
    expect(answer.lost_reasons).toEqual([
      { reason: 'Preço', count: 1 },
      { reason: 'Sem verba', count: 1 },
    ]);
    // In UTC the lead created at 23:30 in São Paulo belongs to February.
    const utc = await report(PERIOD);
    expect(utc.groups.map((row) => row.created)).toEqual([1, 2, 1]);
  });

  it('groups by executive (no executive last), vertical and platform, under the list filters', async () => {
    const byExecutive = await report(`${PERIOD}&tz=America/Sao_Paulo&group_by=executive`);
    expect(
      byExecutive.groups.map((row) => [row.label, ...figures(row), row.won_credit, row.avg_days_to_sign]),
    ).toEqual([
      ['Ana Lima', 2, 2, 1, 3000, 30.5],
      ['Bruno Reis', 1, 0, 1, 0, null],
      [null, 1, 0, 0, 0, null],
    ]);
    expect(byExecutive.groups[0]?.key).toBe(ana.user.id);
    const byVertical = await report(`${PERIOD}&tz=America/Sao_Paulo&group_by=vertical`);
    expect(byVertical.groups.map((row) => [row.label, ...figures(row)])).toEqual([
      ['MUSICA LABEL', 1, 1, 1],
      [expect.stringContaining('VERTICAL'), 3, 1, 1],
    ]);
    const filtered = await report(`${PERIOD}&tz=America/Sao_Paulo&group_by=platform&vertical=${verticalOne}`);
    expect(filtered.total).toMatchObject({ created: 3, won: 1, lost: 1 });
    expect(filtered.lost_reasons).toEqual([{ reason: 'Preço', count: 1 }]);
  });

  it('answers the same from the rollup as from the leads, edges of the time zone included', async () => {
    // prospectus_year=2026 holds every lead here but is outside the rollup: the leads answer.
    for (const query of [
      `${PERIOD}&tz=America/Sao_Paulo`,
      `from=2026-01-15&to=2026-03-05&tz=America/Sao_Paulo&group_by=executive`,
      `${PERIOD}&tz=Asia/Kolkata&group_by=vertical`,
      `${PERIOD}&tz=America/Sao_Paulo&executive=${ana.user.id}`,
      `from=2026-03-01&to=2026-03-01&tz=America/Sao_Paulo&group_by=platform`,
    ]) {
      const fromRollup = await report(query);
      const fromLeads = await report(`${query}&prospectus_year=2026`);
      expect(fromRollup, query).toEqual(fromLeads);
    }
    const ana2 = await report(`${PERIOD}&tz=America/Sao_Paulo&executive=${ana.user.id}`);
    expect(ana2.total).toMatchObject({ created: 2, won: 2, lost: 1 });
  });

  it('refuses a bad period, grouping or time zone', async () => {
    const cases: [string, string][] = [
      [
        'to=2026-03-31',
        'Período inválido: informe from e to (AAAA-MM-DD), com from até to e no máximo 3 anos',
      ],
      [
        'from=2026-04-01&to=2026-03-31',
        'Período inválido: informe from e to (AAAA-MM-DD), com from até to e no máximo 3 anos',
      ],
      [
        'from=2026-02-30&to=2026-03-31',
        'Período inválido: informe from e to (AAAA-MM-DD), com from até to e no máximo 3 anos',
      ],
      [
        'from=2020-01-01&to=2026-03-31',
        'Período inválido: informe from e to (AAAA-MM-DD), com from até to e no máximo 3 anos',
      ],
      [`${PERIOD}&group_by=week`, 'Agrupamento deve ser month, executive, vertical ou platform'],
      [`${PERIOD}&tz=Lua/Base`, 'Fuso horário inválido'],
    ];
    for (const [query, message] of cases) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/reports/pipeline?${query}`,
        headers: ana.headers,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toBe(message);
    }
  });

  it('lists every month of a period, across years', () => {
    expect(monthsOf('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf('2026-03-01', '2026-03-31')).toEqual(['2026-03']);
  });
});
