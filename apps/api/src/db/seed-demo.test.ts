import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tempDir, testDbKind } from '../../test/build-test-app';
import { runCli } from '../../test/run-cli';
import { createDb } from './client';
import { rawRows } from './raw-rows';
import {
  type DemoLead,
  type DemoOffering,
  demoProspectus,
  offeringsToInsert,
  placeHolders,
} from './seed-demo-prospectus';

/** Ids that are their names: the planner only compares them. */
const NAMES = {
  vertical: ['ESPORTE', 'MUSICA', 'ENTRETENIMENTO', 'CULTURA'],
  platform: ['TVABERTA', 'DIGITAL', 'RADIO'],
  quota: ['MASTER', 'OURO', 'PRATA', 'BRONZE', 'APOIO'],
  franchise: ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Porto Alegre', 'Recife'],
};
const byName = (names: string[]) => new Map(names.map((name) => [name, name]));
const IDS = {
  vertical: byName(NAMES.vertical),
  platform: byName(NAMES.platform),
  quota: byName(NAMES.quota),
  franchise: byName(NAMES.franchise),
};
const HOLDING = new Set(['fechado', 'no_juridico', 'assinado']);

/** A fixed-seed generator, as the seed's. */
function seeded(start: number) {
  let state = start;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const holdersOf = (offering: DemoOffering, leads: readonly DemoLead[]) =>
  leads.filter(
    (lead) =>
      HOLDING.has(lead.contractStatus) &&
      lead.prospectusYear === offering.prospectusYear &&
      lead.verticalId === offering.verticalId &&
      lead.platformId === offering.platformId &&
      lead.quotaId === offering.quotaId &&
      (offering.franchiseId === null || lead.franchiseIds.has(offering.franchiseId)),
  ).length;

describe('the demo prospectus', () => {
  it('places the holders: the offerings to sell out full, most others partly sold, none over', () => {
    const random = seeded(7);
    const statuses = ['frio', 'quente', 'fechado', 'no_juridico', 'assinado', 'declinado'];
    const leads: DemoLead[] = Array.from({ length: 300 }, (_, index) => ({
      prospectusYear: [2026, 2027, 2028][index % 3]!,
      contractStatus: statuses[Math.floor(random() * statuses.length)]!,
      verticalId: NAMES.vertical[Math.floor(random() * 4)]!,
      platformId: NAMES.platform[Math.floor(random() * 3)]!,
      quotaId: NAMES.quota[Math.floor(random() * 5)]!,
      franchiseIds: new Set(random() < 0.3 ? ['São Paulo'] : []),
    }));
    const prospectus = demoProspectus(IDS);
    expect(
      prospectus.map((offering) => offering.prospectusYear).filter((year) => year === 2026),
    ).toHaveLength(36);
    expect(
      prospectus.find((offering) => offering.verticalId === 'ESPORTE' && offering.quotaId === 'MASTER'),
    ).toMatchObject({
      prospectusYear: 2026,
      platformId: 'TVABERTA',
      franchiseId: null,
      quantity: 2,
      listPrice: 450_000,
    });

    placeHolders(leads, prospectus, HOLDING, 'CULTURA', random);
    const rows = offeringsToInsert(prospectus, leads, HOLDING);
    const holders = prospectus.map((offering) => holdersOf(offering, leads));
    rows.forEach((row, index) => expect(holders[index]).toBeLessThanOrEqual(row.quantity));
    prospectus.forEach((offering, index) => {
      if (offering.soldOut) expect(holders[index], JSON.stringify(offering)).toBe(offering.quantity);
    });
    const national = prospectus.flatMap((offering, index) => (offering.franchiseId === null ? [index] : []));
    const partly = national.filter((index) => holders[index]! > 0 && holders[index]! < rows[index]!.quantity);
    expect(partly.length).toBeGreaterThan(national.length / 2);
    // No holder of the prospectus's years is left on an offering it did not plan.
    expect(rows.every((row, index) => row.quantity === prospectus[index]!.quantity)).toBe(true);
  });
});

describe('npm run seed:demo', () => {
  it('writes the prospectus of 2026 and 2027 with its stock: some sold out, most partly sold, none oversold', async () => {
    const dataDir = tempDir();
    const postgres =
      testDbKind() === 'postgres'
        ? await (await import('../../test/build-test-app')).createPostgresTestDatabase()
        : undefined;
    try {
      const run = await runCli('src/db/seed-demo.ts', [], {
        DATA_DIR: dataDir,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('a prospectus of 72 quotas for 2026 and 2027');

      const handle = await createDb({ databaseUrl: postgres?.url, dataDir });
      try {
        const rows = rawRows<Record<string, number>>(
          await handle.db.execute(sql`
            select o.prospectus_year as year, count(*)::int as offerings,
              count(*) filter (where o.quantity = s.held + s.sold)::int as sold_out,
              count(*) filter (where s.held + s.sold between 1 and o.quantity - 1)::int as partly,
              count(*) filter (where s.held + s.sold > o.quantity)::int as oversold,
              count(*) filter (where (s.held, s.sold) is distinct from (c.held, c.sold))::int as recount_differs
            from offerings o
              join offering_stock s on s.offering_id = o.id
              join offering_stock_counted(null) c on c.offering_id = o.id
            group by o.prospectus_year order by 1`),
        );
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          expect(row.offerings).toBe(36);
          expect(row.sold_out).toBeGreaterThanOrEqual(3);
          expect(row.partly).toBeGreaterThan(18);
          expect(row.oversold).toBe(0);
          expect(row.recount_differs).toBe(0);
        }
      } finally {
        await handle.close();
      }
    } finally {
      await postgres?.drop();
    }
  }, 120_000);
});
