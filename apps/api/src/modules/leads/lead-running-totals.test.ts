import { CONTRACT_STATUSES, type ContractStatus, type Lead, type LeadSummary } from '@funil/shared';
import { and, eq, exists, inArray, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia, type LeadReferences } from '../../../test/lead-fixtures';
import { seededRandom } from '../../../test/seeded-random';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { compareWithRecount } from '../../db/backfill-database';
import { franchises, leadFranchises, leads } from '../../db/schema';
import { hasRunningTotals } from './lead-running-totals';

describe('lead_totals (the running totals behind the summary and the board)', () => {
  let app: App;
  let seller: SignedIn;
  let refs: LeadReferences[];

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['admin'] });
    refs = [await createLeadReferences(app, seller.headers), await createLeadReferences(app, seller.headers)];
  });
  afterAll(() => app.close());

  /**
   * The running totals, the stale counts' copies (per status, entry day and year) and each praça
   * link's copy of its lead's values equal their recounts from the leads: the inventory's own
   * (db/derived-data.ts), the statements a backfill rewrites them with.
   */
  const expectTotalsExact = async () => {
    for (const name of [
      'lead_totals',
      'lead_franchise_totals',
      'lead_status_days',
      'lead_franchise_statuses',
    ]) {
      for (const structure of await compareWithRecount(app.db, name)) {
        expect(structure.kept, structure.target).toBeGreaterThan(0);
        expect(structure.differences, structure.target).toEqual([]);
      }
    }
  };

  const FRANCHISES = ['Recife', 'Salvador', 'São Paulo', 'Curitiba'];
  /** 0 to 3 distinct franchises. */
  const someFranchises = (random: () => number) => FRANCHISES.filter(() => random() < 0.4).slice(0, 3);

  const patch = (id: string, body: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: `/api/leads/${id}`, headers: seller.headers, payload: body });

  /** The id of each franchise the tests link, by name. */
  const franchiseIds = async () => {
    const rows = await app.db
      .select({ id: franchises.id, name: franchises.name })
      .from(franchises)
      .where(inArray(franchises.name, FRANCHISES));
    return new Map(rows.map((row) => [row.name, row.id]));
  };

  /**
   * Statements the API never sends but SQL run by hand may: links moved to another lead or another
   * franchise by UPDATE (the links' update trigger), and many leads changed or deleted by one
   * statement (the leads' statement triggers over several rows).
   */
  const otherLink = alias(leadFranchises, 'other_link');
  /** Whether the lead already has the franchise (moving a link onto it would break the key). */
  const alreadyLinked = (leadId: string | SQL, franchiseId: string | SQL) =>
    exists(
      app.db
        .select({ one: sql`1` })
        .from(otherLink)
        .where(and(eq(otherLink.leadId, leadId), eq(otherLink.franchiseId, franchiseId))),
    );
  const byHand = {
    moveLinks: (from: string, to: string) =>
      app.db
        .update(leadFranchises)
        .set({ leadId: to })
        .where(
          and(eq(leadFranchises.leadId, from), not(alreadyLinked(to, sql`${leadFranchises.franchiseId}`))),
        )
        .returning({ id: leadFranchises.leadId }),
    swapFranchise: (leadId: string, from: string, to: string) =>
      app.db
        .update(leadFranchises)
        .set({ franchiseId: to })
        .where(
          and(
            eq(leadFranchises.leadId, leadId),
            eq(leadFranchises.franchiseId, from),
            not(alreadyLinked(leadId, to)),
          ),
        )
        .returning({ id: leadFranchises.leadId }),
    moveYear: (year: number, status: ContractStatus) =>
      app.db
        .update(leads)
        .set({ credit: sql`${leads.credit} + 1.5`, contractStatus: status })
        .where(eq(leads.prospectusYear, year))
        .returning({ id: leads.id }),
    deleteAll: (ids: string[]) =>
      app.db.delete(leads).where(inArray(leads.id, ids)).returning({ id: leads.id }),
  };

  it('follow every create, move, edit and delete, in the same transaction', async () => {
    // Seeded, so a failure replays the same operations.
    const random = seededRandom(7);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    const franchiseId = await franchiseIds();
    const changedByHand = { 'move links': 0, 'swap franchise': 0, 'move year': 0, 'delete two': 0 };
    const live: Lead[] = [];
    for (let step = 0; step < 80; step += 1) {
      const action =
        live.length < 5
          ? 'create'
          : pick([
              'create',
              'move',
              'amounts',
              'catalogue',
              'franchises',
              'delete',
              'move links',
              'swap franchise',
              'move year',
              'delete two',
            ] as const);
      if (action === 'create') {
        live.push(
          await createLeadVia(app, seller.headers, pick(refs), {
            contract_status: pick(CONTRACT_STATUSES),
            prospectus_year: pick([2026, 2027, 2028]),
            credit: Math.round(random() * 1_000_000) / 100,
            invest: Math.round(random() * 1_000_000) / 100,
            franchises: someFranchises(random),
          }),
        );
        continue;
      }
      const lead = pick(live);
      if (action === 'move links') {
        changedByHand[action] += (await byHand.moveLinks(lead.id, pick(live).id)).length;
        continue;
      }
      if (action === 'swap franchise') {
        const linked = await app.db
          .select({ id: leadFranchises.franchiseId })
          .from(leadFranchises)
          .where(eq(leadFranchises.leadId, lead.id));
        const unlinked = [...franchiseId.values()].filter((id) => !linked.some((link) => link.id === id));
        const [from, to] = [pick(linked)?.id, pick(unlinked)];
        if (from && to) changedByHand[action] += (await byHand.swapFranchise(lead.id, from, to)).length;
        continue;
      }
      if (action === 'move year') {
        const moved = await byHand.moveYear(pick([2026, 2027, 2028]), pick(CONTRACT_STATUSES));
        changedByHand[action] += moved.length;
        continue;
      }
      if (action === 'delete two') {
        const other = pick(live);
        changedByHand[action] += (await byHand.deleteAll([lead.id, other.id])).length;
        live.splice(live.indexOf(lead), 1);
        if (other !== lead) live.splice(live.indexOf(other), 1);
        continue;
      }
      if (action === 'delete') {
        const response = await app.inject({
          method: 'DELETE',
          url: `/api/leads/${lead.id}`,
          headers: seller.headers,
        });
        expect(response.statusCode).toBe(204);
        live.splice(live.indexOf(lead), 1);
        continue;
      }
      const other = pick(refs);
      const body =
        action === 'move'
          ? { contract_status: pick(CONTRACT_STATUSES) }
          : action === 'franchises'
            ? { franchises: someFranchises(random), contract_status: pick(CONTRACT_STATUSES) }
            : action === 'amounts'
              ? { credit: Math.round(random() * 1_000_000) / 100, assessment: `Q${step}` }
              : {
                  vertical: other.verticalId,
                  quota: other.quotaId,
                  platform: other.platformId,
                  prospectus_year: 2028,
                };
      const response = await patch(lead.id, body);
      expect(response.statusCode, response.body).toBe(200);
    }
    await expectTotalsExact();
    // Every statement written by hand above changed rows at least once: each trigger path ran.
    expect(
      Object.values(changedByHand).every((rows) => rows > 0),
      JSON.stringify(changedByHand),
    ).toBe(true);
  });

  it('stay exact under parallel moves of one lead and parallel creates', async () => {
    const lead = await createLeadVia(app, seller.headers, refs[0] as LeadReferences, {
      credit: 10,
      invest: 5,
      franchises: ['Recife', 'Salvador'],
    });
    await Promise.all([
      ...Array.from({ length: 20 }, (_, index) =>
        patch(lead.id, { contract_status: CONTRACT_STATUSES[index % CONTRACT_STATUSES.length] }),
      ),
      ...Array.from({ length: 10 }, () =>
        createLeadVia(app, seller.headers, refs[1] as LeadReferences, { franchises: ['Recife'] }),
      ),
    ]);
    await expectTotalsExact();
  });

  it('answer the summary exactly as grouping the leads does', async () => {
    const year = await app.inject({
      method: 'GET',
      url: '/api/leads/summary?prospectus_year=2028',
      headers: seller.headers,
    });
    const yearAndExchange = await app.inject({
      method: 'GET',
      // exchange is not a dimension of the totals: this one groups the leads.
      url: '/api/leads/summary?prospectus_year=2028&exchange=false',
      headers: seller.headers,
    });
    expect(year.json<LeadSummary>()).toEqual(yearAndExchange.json<LeadSummary>());
  });

  it('answer a one-franchise summary and list total exactly as grouping the leads does', async () => {
    const get = async (url: string) => {
      const response = await app.inject({ method: 'GET', url, headers: seller.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    for (const franchise of [...FRANCHISES, 'Não Existe']) {
      const name = encodeURIComponent(franchise);
      // exchange is not a dimension: the second of each pair groups the leads.
      const fromTotals = await get(`/api/leads/summary?franchise=${name}&prospectus_year=2028`);
      const counted = await get(`/api/leads/summary?franchise=${name}&prospectus_year=2028&exchange=false`);
      expect(fromTotals, franchise).toEqual(counted);
      const listed = await get(`/api/leads?franchise=${name}&contract_status=frio&limit=1`);
      const listedCounted = await get(
        `/api/leads?franchise=${name}&contract_status=frio&exchange=false&limit=1`,
      );
      expect(listed.total, franchise).toBe(listedCounted.total);
    }
  });

  it('are used only when every filter in use is one of their dimensions', () => {
    expect(hasRunningTotals({})).toBe(true);
    expect(hasRunningTotals({ prospectus_year: 2026, vertical: 'v', contract_status: ['frio'] })).toBe(true);
    expect(hasRunningTotals({ contract_status: [], franchise: [] })).toBe(true);
    expect(hasRunningTotals({ franchise: ['Recife'], prospectus_year: 2027 })).toBe(true);
    expect(hasRunningTotals({ franchise: ['Recife', 'Salvador'] })).toBe(false);
    expect(hasRunningTotals({ search: 'alfa' })).toBe(false);
    expect(hasRunningTotals({ executive: 'e' })).toBe(false);
    expect(hasRunningTotals({ exchange: false })).toBe(false);
  });
});
