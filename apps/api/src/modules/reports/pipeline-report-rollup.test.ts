import type { PipelineReport } from '@funil/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia, type LeadReferences } from '../../../test/lead-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { compareWithRecount } from '../../db/backfill-database';
import { leads } from '../../db/schema';

describe('the pipeline report rollup', () => {
  let app: App;
  let seller: SignedIn;
  let other: SignedIn;
  let manager: SignedIn;
  let refs: LeadReferences;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    other = await signIn(app, { roles: ['comercial'] });
    manager = await signIn(app, { roles: ['manager'] });
    refs = await createLeadReferences(app, seller.headers);
  });
  afterAll(() => app.close());

  /**
   * The rollup as kept by the triggers equals its recount from the leads: the inventory's own
   * (db/derived-data.ts), the statements a backfill rewrites it with.
   */
  async function expectRollupOfLeads() {
    const [days, reasons] = await compareWithRecount(
      app.db,
      'pipeline_report_days, pipeline_report_reason_days',
    );
    expect(days?.kept).toBeGreaterThan(0);
    expect(days?.differences).toEqual([]);
    expect(reasons?.differences).toEqual([]);
  }

  const patch = async (id: string, payload: object, as: SignedIn = seller) => {
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/leads/${id}`,
      headers: as.headers,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const bulk = async (payload: object) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/leads/bulk',
      headers: manager.headers,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const outcome = async (id: string) => {
    const [row] = await app.db
      .select({
        createdAt: leads.createdAt,
        wonAt: leads.wonAt,
        lostAt: leads.lostAt,
        reason: leads.lostReason,
      })
      .from(leads)
      .where(eq(leads.id, id));
    return row;
  };

  it('follows every write: creation, moves, edits, bulk moves and deletions', async () => {
    const made = await Promise.all(
      [
        { contract_status: 'frio', credit: 100, executive: seller.user.id },
        { contract_status: 'quente', credit: 200.5, executive: other.user.id },
        { contract_status: 'assinado', credit: 300 },
        { contract_status: 'declinado', credit: 400, executive: seller.user.id },
        { contract_status: 'morno', credit: 0.01 },
      ].map((fields, n) => createLeadVia(app, seller.headers, refs, { assessment: `R${n}`, ...fields })),
    );
    const [cold, hot, signed, declined, warm] = made.map((lead) => lead.id) as [
      string,
      string,
      string,
      string,
      string,
    ];
    await expectRollupOfLeads();

    // Created signed or lost: won or lost at creation.
    const atCreation = await outcome(signed);
    expect(atCreation?.wonAt).toEqual(atCreation?.createdAt);
    expect((await outcome(declined))?.lostAt).toEqual((await outcome(declined))?.createdAt);

    // A win and a loss with its reason; reopening clears them, landing again stamps the new ones.
    await patch(hot, { contract_status: 'assinado' });
    const firstWin = (await outcome(hot))?.wonAt;
    expect(firstWin).toBeInstanceOf(Date);
    await patch(cold, { contract_status: 'declinado', reason: 'Sem verba' });
    expect((await outcome(cold))?.reason).toBe('Sem verba');
    await expectRollupOfLeads();
    await patch(hot, { contract_status: 'no_juridico' });
    expect((await outcome(hot))?.wonAt).toBeNull();
    await patch(hot, { contract_status: 'assinado' });
    expect((await outcome(hot))?.wonAt?.getTime()).toBeGreaterThan(firstWin?.getTime() ?? 0);
    await patch(cold, { contract_status: 'frio' });
    expect(await outcome(cold)).toMatchObject({ lostAt: null, reason: null });
    await patch(cold, { contract_status: 'cancelado', reason: 'Concorrente' });
    expect((await outcome(cold))?.reason).toBe('Concorrente');
    await expectRollupOfLeads();

    // Edits of what the report groups and sums by move the lead's figures.
    await patch(hot, { executive: seller.user.id, credit: 999.99 });
    await patch(signed, { platform: (await createLeadReferences(app, seller.headers)).platformId });
    await expectRollupOfLeads();

    // A bulk move to a loss with a reason, then a bulk deletion and a single one.
    await bulk({ ids: [warm, hot], contract_status: 'cancelado', reason: 'Prazo' });
    expect((await outcome(warm))?.reason).toBe('Prazo');
    await expectRollupOfLeads();
    await bulk({ ids: [warm, declined], delete: true });
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/leads/${signed}`,
      headers: manager.headers,
    });
    expect(removed.statusCode).toBe(204);
    await expectRollupOfLeads();
  });

  it('is what the report reads for whole days', async () => {
    await createLeadVia(app, seller.headers, refs, { assessment: 'Hoje' });
    const today = new Date().toISOString().slice(0, 10);
    const report = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/reports/pipeline?from=${today}&to=${today}`,
          headers: seller.headers,
        })
      ).json<PipelineReport>();
    const before = (await report()).total.created;
    // Only the rollup's "all" row for today changes: the leads are as they were.
    await app.db.execute(
      sql`update pipeline_report_days set created = created + 1000 where dimension = 'all' and day = ${today}::date`,
    );
    try {
      expect((await report()).total.created).toBe(before + 1000);
    } finally {
      await app.db.execute(
        sql`update pipeline_report_days set created = created - 1000 where dimension = 'all' and day = ${today}::date`,
      );
    }
  });
});
