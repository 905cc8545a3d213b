import {
  CONTRACT_STATUSES,
  type ContractStatus,
  defaultPipelineSettings,
  type Lead,
  type Offering,
} from '@funil/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandVia } from '../../../test/brand-fixtures';
import { buildTestApp } from '../../../test/build-test-app';
import { insertCatalogueItem } from '../../../test/lead-fixtures';
import { compareStockWithRecount } from '../../../test/offering-fixtures';
import { seededRandom, seedFromEnv } from '../../../test/seeded-random';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { compareWithRecount } from '../../db/backfill-database';
import { rawRows } from '../../db/raw-rows';
import { platforms, quotas, verticals } from '../../db/schema';

type Answer = { statusCode: number; body: string };

/**
 * A seeded run of everything that changes who holds a quota — leads created, moved, edited,
 * deleted and moved in bulk, offerings created, edited, re-keyed, deactivated, re-activated and
 * deleted, and the statuses that hold changed — over a small space of keys and small quantities, so
 * that many writes meet a full offering. After every step each offering's held and sold equal a
 * recount made straight from the leads, and a refused write changed nothing at all.
 */
describe('the offerings stock against a recount from the leads', () => {
  let app: App;
  let admin: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await signIn(app, { roles: ['admin'] });
  });
  afterAll(() => app.close());

  /** The credit of the distinct holders of the active offerings (of one year), straight from the leads. */
  const creditsCounted = async (year: number | undefined) => {
    const [row] = rawRows<{ sold: string; held: string }>(
      await app.db.execute(sql`with takers as (
          select distinct l.id, l.credit, l.contract_status
          from offerings o
          join leads l on l.prospectus_year = o.prospectus_year and l.vertical_id = o.vertical_id
            and l.platform_id = o.platform_id and l.quota_id = o.quota_id
          join pipeline_statuses ps on ps.contract_status = l.contract_status and ps.holds_quota
          where o.status = 'active' and (${year ?? null}::int is null or o.prospectus_year = ${year ?? null}::int)
            and (o.franchise_id is null or exists (select 1 from lead_franchises lf
              where lf.lead_id = l.id and lf.franchise_id = o.franchise_id))
        )
        select coalesce(sum(credit) filter (where contract_status = 'assinado'), 0)::text as sold,
          coalesce(sum(credit) filter (where contract_status <> 'assinado'), 0)::text as held
        from takers`),
    );
    return { sold_credit: Number(row?.sold), held_credit: Number(row?.held) };
  };

  /** Everything a refused write must leave as it was. */
  const snapshot = async () => {
    const [row] = rawRows<{ state: string }>(
      await app.db.execute(sql`select json_build_object(
        'leads', (select json_agg(json_build_object('id', l.id, 'status', l.contract_status,
            'year', l.prospectus_year, 'vertical', l.vertical_id, 'platform', l.platform_id, 'quota', l.quota_id,
            'credit', l.credit, 'praças', (select json_agg(lf.franchise_id order by lf.franchise_id)
              from lead_franchises lf where lf.lead_id = l.id)) order by l.id) from leads l),
        'offerings', (select json_agg(json_build_object('id', o.id, 'year', o.prospectus_year,
            'vertical', o.vertical_id, 'platform', o.platform_id, 'quota', o.quota_id, 'praça', o.franchise_id,
            'quantity', o.quantity, 'price', o.list_price, 'status', o.status, 'held', s.held, 'sold', s.sold)
            order by o.id) from offerings o join offering_stock s on s.offering_id = o.id),
        'holding', (select json_agg(contract_status order by contract_status) from pipeline_statuses where holds_quota)
      )::text as state`),
    );
    return row?.state;
  };

  it('keeps held and sold exact through a seeded run of every write, refusals changing nothing', async () => {
    const seed = seedFromEnv('OFFERING_RECOUNT_SEED', 31);
    const random = seededRandom(seed);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    const some = <T>(items: readonly T[], most: number) => items.filter(() => random() < 0.35).slice(0, most);

    // Two verticals, one platform, two quotas, two years, three praças: 8 keys, each national or in a praça.
    const suffix = String(seed);
    const keys = {
      vertical: [
        await insertCatalogueItem(app, verticals, `RV1-${suffix}`),
        await insertCatalogueItem(app, verticals, `RV2-${suffix}`),
      ],
      platform: [await insertCatalogueItem(app, platforms, `RP1-${suffix}`)],
      quota: [
        await insertCatalogueItem(app, quotas, `RQ1-${suffix}`),
        await insertCatalogueItem(app, quotas, `RQ2-${suffix}`),
      ],
      year: [2026, 2027],
      praça: ['São Paulo', 'Recife', 'Salvador'],
    };
    const brandId = (await createBrandVia(app, admin.headers)).id;
    const call = (
      method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ): Promise<Answer> =>
      app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

    const leadIds: string[] = [];
    const offeringIds: string[] = [];
    let holding = new Set<ContractStatus>(
      defaultPipelineSettings()
        .statuses.filter((status) => status.holds_quota)
        .map((status) => status.contract_status),
    );

    // The default holding statuses more likely than the others, so the offerings fill up.
    const randomStatus = () =>
      random() < 0.6 ? pick(['fechado', 'no_juridico', 'assinado'] as const) : pick(CONTRACT_STATUSES);
    /** Mostly the key of an offering there is (and its praça), so that many writes meet a full one. */
    const randomLeadBody = async () => {
      const listed = await app.inject({ method: 'GET', url: '/api/offerings', headers: admin.headers });
      const target = random() < 0.7 ? pick(listed.json<{ data: Offering[] }>().data) : undefined;
      const franchises = some(keys.praça, 2);
      if (target?.franchise && !franchises.includes(target.franchise)) franchises.push(target.franchise);
      return {
        brand_id: brandId,
        assessment: 'Recontagem',
        vertical: target?.vertical.id ?? pick(keys.vertical),
        platform: target?.platform.id ?? pick(keys.platform),
        quota: target?.quota.id ?? pick(keys.quota),
        prospectus_year: target?.prospectus_year ?? pick(keys.year),
        contract_status: randomStatus(),
        franchises,
        credit: Math.round(random() * 100_000) / 100,
      };
    };
    const randomOfferingBody = () => ({
      prospectus_year: pick(keys.year),
      vertical: pick(keys.vertical),
      platform: pick(keys.platform),
      quota: pick(keys.quota),
      franchise: random() < 0.5 ? null : pick(keys.praça),
      quantity: 1 + Math.floor(random() * 3),
      list_price: Math.round(random() * 1_000_000) / 100,
    });

    /** The leads that hold a quota now (in a holding status), or those that do not; any lead when none is. */
    const leadsHolding = async (holds: boolean) => {
      const ids = rawRows<{ id: string }>(
        await app.db.execute(sql`select id from leads
          where (contract_status in (select contract_status from pipeline_statuses where holds_quota)) = ${holds}
          order by id`),
      ).map((row) => row.id);
      return ids.length > 0 ? ids : leadIds;
    };
    const steps: Record<string, () => Promise<Answer>> = {
      'create lead': async () => {
        const answer = await call('POST', '/api/leads', await randomLeadBody());
        if (answer.statusCode === 201) leadIds.push(JSON.parse(answer.body).id);
        return answer;
      },
      // Half the moves take a lead that holds nothing into a holding status: those meet full offerings.
      'move lead': async () =>
        random() < 0.5
          ? call('PATCH', `/api/leads/${pick(await leadsHolding(false))}`, {
              contract_status: pick([...holding]),
            })
          : call('PATCH', `/api/leads/${pick(leadIds)}`, { contract_status: randomStatus() }),
      // Half the edits change a holder: onto another key, other praças, or one field of its key.
      'edit lead': async () => {
        const id = random() < 0.5 ? pick(await leadsHolding(true)) : pick(leadIds);
        const body = await randomLeadBody();
        const { prospectus_year, vertical, platform, quota, franchises, credit } = body;
        const change = pick([
          { prospectus_year, vertical, platform, quota },
          { prospectus_year, vertical, platform, quota, franchises },
          { franchises },
          { credit },
          { prospectus_year },
          { vertical },
          { quota },
        ]);
        return call('PATCH', `/api/leads/${id}`, change);
      },
      'delete lead': async () => {
        const id = pick(leadIds);
        const answer = await call('DELETE', `/api/leads/${id}`);
        if (answer.statusCode === 204) leadIds.splice(leadIds.indexOf(id), 1);
        return answer;
      },
      'bulk move': () =>
        call('POST', '/api/leads/bulk', {
          ids: [...new Set([pick(leadIds), pick(leadIds), pick(leadIds)])],
          contract_status: randomStatus(),
        }),
      'create offering': async () => {
        const answer = await call('POST', '/api/offerings', randomOfferingBody());
        if (answer.statusCode === 201) offeringIds.push(JSON.parse(answer.body).id);
        return answer;
      },
      'edit offering': () => {
        const id = pick(offeringIds);
        const body = randomOfferingBody();
        const change = pick([
          { quantity: body.quantity },
          { quantity: body.quantity + 2 },
          { status: 'inactive' },
          { status: 'active' },
          { prospectus_year: body.prospectus_year, quota: body.quota },
          { vertical: body.vertical, franchise: body.franchise },
          { list_price: body.list_price },
        ]);
        return call('PATCH', `/api/offerings/${id}`, change);
      },
      'delete offering': async () => {
        const id = pick(offeringIds);
        const answer = await call('DELETE', `/api/offerings/${id}`);
        if (answer.statusCode === 204) offeringIds.splice(offeringIds.indexOf(id), 1);
        return answer;
      },
      'change holding statuses': async () => {
        const status = pick(['quente', 'morno', 'fechado', 'no_juridico'] as const);
        const next = new Set(holding);
        if (next.has(status)) next.delete(status);
        else next.add(status);
        const answer = await call('PUT', '/api/settings/pipeline', {
          statuses: defaultPipelineSettings().statuses.map((entry) => ({
            ...entry,
            holds_quota: next.has(entry.contract_status),
          })),
        });
        if (answer.statusCode === 200) holding = next;
        return answer;
      },
    };
    const weights: [keyof typeof steps, number][] = [
      ['create lead', 6],
      ['move lead', 6],
      ['edit lead', 5],
      ['delete lead', 1],
      ['bulk move', 2],
      ['create offering', 3],
      ['edit offering', 4],
      ['delete offering', 1],
      ['change holding statuses', 1],
    ];
    const totalWeight = weights.reduce((sum, [, weight]) => sum + weight, 0);
    const nextStep = (): keyof typeof steps => {
      if (offeringIds.length < 4) return 'create offering';
      if (leadIds.length < 6) return 'create lead';
      let draw = random() * totalWeight;
      for (const [name, weight] of weights) {
        draw -= weight;
        if (draw < 0) return name;
      }
      return 'create lead';
    };

    /** The summary's credits equal those of the distinct holders found straight from the leads. */
    const expectSummaryCredits = async (where: string) => {
      for (const year of [2026, 2027, undefined]) {
        const answer = await call(
          'GET',
          `/api/offerings/summary${year === undefined ? '' : `?prospectus_year=${year}`}`,
        );
        expect(JSON.parse(answer.body), `${where}: summary of ${year ?? 'every year'}`).toMatchObject(
          await creditsCounted(year),
        );
      }
    };

    const seen: Record<string, Record<number, number>> = {};
    for (let step = 0; step < 200; step += 1) {
      const name = nextStep();
      const before = await snapshot();
      const answer = await (steps[name] as () => Promise<Answer>)();
      const where = `seed ${seed}, step ${step} (${name}): ${answer.body}`;
      expect([200, 201, 204, 409], where).toContain(answer.statusCode);
      if (answer.statusCode === 409) expect(await snapshot(), where).toBe(before);
      // The inventory's recount (db/derived-data.ts): the statements a backfill rewrites the stock with.
      for (const stock of await compareWithRecount(app.db, 'offering_stock'))
        expect(stock.differences, where).toEqual([]);
      if (step % 20 === 19) await expectSummaryCredits(where);
      seen[name] = { ...seen[name], [answer.statusCode]: (seen[name]?.[answer.statusCode] ?? 0) + 1 };
    }

    // The run did what it is for: writes both accepted and refused, holders in the offerings.
    const refusals = Object.values(seen).reduce((sum, byStatus) => sum + (byStatus[409] ?? 0), 0);
    expect(refusals, JSON.stringify(seen)).toBeGreaterThanOrEqual(15);
    expect(seen['move lead']?.[200], JSON.stringify(seen)).toBeGreaterThan(5);
    expect(seen['move lead']?.[409], JSON.stringify(seen)).toBeGreaterThan(0);
    const stock = await compareStockWithRecount(app);
    expect(stock.some((row) => row.kept[0] + row.kept[1] > 0)).toBe(true);

    await expectSummaryCredits('the end');

    // And what the answers say agrees with the stock: every lead's offerings as the list answers them.
    const listed = await app.inject({ method: 'GET', url: '/api/offerings', headers: admin.headers });
    const kept = new Map(stock.map((row) => [row.id, row.kept]));
    for (const offering of listed.json<{ data: Offering[] }>().data) {
      expect([offering.held, offering.sold]).toEqual(kept.get(offering.id));
      expect(offering.available).toBe(offering.quantity - offering.held - offering.sold);
    }
    const leadsAnswer = await app.inject({
      method: 'GET',
      url: '/api/leads?limit=100',
      headers: admin.headers,
    });
    const byId = new Map(listed.json<{ data: Offering[] }>().data.map((offering) => [offering.id, offering]));
    for (const lead of leadsAnswer.json<{ data: Lead[] }>().data) {
      for (const item of lead.stock) expect(item.available).toBe(byId.get(item.offering_id)?.available);
    }
  }, 180_000);
});
