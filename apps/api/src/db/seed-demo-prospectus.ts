/**
 * The demo's prospectus: what a sales manager sells for 2026 and 2027 — national quotas of the main
 * verticals and platforms (Master, Ouro, Prata, Bronze, Apoio, fewer and dearer towards the top) and
 * a few cheaper ones in some praças — with the demo's closed, legal and signed opportunities placed
 * on them: most offerings partly sold, a few sold out, none oversold (the database refuses that).
 * Pure planning over the seed's own data; seed-demo.ts writes it.
 */

export const DEMO_PROSPECTUS_YEARS = [2026, 2027] as const;

/** A quota type's units and national table price (TV aberta, the main vertical). */
const QUOTA_TIERS = [
  { quota: 'MASTER', quantity: 2, price: 450_000 },
  { quota: 'OURO', quantity: 3, price: 300_000 },
  { quota: 'PRATA', quantity: 4, price: 180_000 },
  { quota: 'BRONZE', quantity: 6, price: 100_000 },
  { quota: 'APOIO', quantity: 8, price: 60_000 },
] as const;

/** The verticals and platforms with a national prospectus, and how their prices compare. */
const VERTICAL_FACTORS = { ESPORTE: 1, MUSICA: 0.8, ENTRETENIMENTO: 0.7 } as const;
const PLATFORM_FACTORS = { TVABERTA: 1, DIGITAL: 0.5 } as const;
/** Each year's prices over the year before's. */
const YEAR_FACTORS: Record<(typeof DEMO_PROSPECTUS_YEARS)[number], number> = { 2026: 1, 2027: 1.05 };

/** The national offerings each year sells out (vertical, platform, quota). */
const SOLD_OUT: Record<(typeof DEMO_PROSPECTUS_YEARS)[number], [string, string, string][]> = {
  2026: [
    ['ESPORTE', 'TVABERTA', 'MASTER'],
    ['MUSICA', 'TVABERTA', 'MASTER'],
  ],
  2027: [
    ['ESPORTE', 'TVABERTA', 'MASTER'],
    ['ENTRETENIMENTO', 'DIGITAL', 'OURO'],
  ],
};

/** A praça's own quotas: smaller, cheaper, on offerings the national prospectus also has. */
const REGIONAL: {
  franchise: string;
  vertical: string;
  platform: string;
  quota: string;
  quantity: number;
  price: number;
  soldOut?: boolean;
}[] = [
  {
    franchise: 'São Paulo',
    vertical: 'ESPORTE',
    platform: 'TVABERTA',
    quota: 'MASTER',
    quantity: 1,
    price: 150_000,
    soldOut: true,
  },
  {
    franchise: 'São Paulo',
    vertical: 'ESPORTE',
    platform: 'TVABERTA',
    quota: 'APOIO',
    quantity: 3,
    price: 20_000,
  },
  {
    franchise: 'Rio de Janeiro',
    vertical: 'ESPORTE',
    platform: 'TVABERTA',
    quota: 'APOIO',
    quantity: 3,
    price: 20_000,
  },
  {
    franchise: 'Rio de Janeiro',
    vertical: 'MUSICA',
    platform: 'TVABERTA',
    quota: 'PRATA',
    quantity: 2,
    price: 60_000,
  },
  {
    franchise: 'Belo Horizonte',
    vertical: 'ESPORTE',
    platform: 'DIGITAL',
    quota: 'BRONZE',
    quantity: 2,
    price: 15_000,
  },
  {
    franchise: 'Porto Alegre',
    vertical: 'ENTRETENIMENTO',
    platform: 'DIGITAL',
    quota: 'APOIO',
    quantity: 3,
    price: 10_000,
  },
];

/** The vertical the opportunities go to that no unit is left for: none of the prospectus's. */
export const OUTSIDE_PROSPECTUS_VERTICAL = 'CULTURA';

/** Catalogue item (and praça) ids by their name. */
export type DemoIds = {
  vertical: ReadonlyMap<string, string>;
  platform: ReadonlyMap<string, string>;
  quota: ReadonlyMap<string, string>;
  franchise: ReadonlyMap<string, string>;
};

export type DemoOffering = {
  prospectusYear: number;
  verticalId: string;
  platformId: string;
  quotaId: string;
  franchiseId: string | null;
  quantity: number;
  listPrice: number;
  /** Planned to end with every unit taken. */
  soldOut: boolean;
};

/** What of a planned opportunity decides the units it takes. */
export type DemoLead = {
  prospectusYear: number;
  contractStatus: string;
  verticalId: string;
  platformId: string;
  quotaId: string;
  franchiseIds: Set<string>;
};

const idOf = (ids: ReadonlyMap<string, string>, name: string) => {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`demo prospectus: no catalogue item ${name}`);
  return id;
};

/** To the nearest R$ 5.000 (R$ 1.000 below R$ 50.000), as table prices are written. */
const roundPrice = (price: number) => {
  const step = price < 50_000 ? 1_000 : 5_000;
  return Math.round(price / step) * step;
};

/** The prospectus of 2026 and 2027: national offerings first, then the praças'. */
export function demoProspectus(ids: DemoIds): DemoOffering[] {
  const offerings: DemoOffering[] = [];
  for (const year of DEMO_PROSPECTUS_YEARS) {
    const soldOut = new Set(SOLD_OUT[year].map((key) => key.join('|')));
    for (const [vertical, verticalFactor] of Object.entries(VERTICAL_FACTORS))
      for (const [platform, platformFactor] of Object.entries(PLATFORM_FACTORS))
        for (const tier of QUOTA_TIERS)
          offerings.push({
            prospectusYear: year,
            verticalId: idOf(ids.vertical, vertical),
            platformId: idOf(ids.platform, platform),
            quotaId: idOf(ids.quota, tier.quota),
            franchiseId: null,
            quantity: tier.quantity,
            listPrice: roundPrice(tier.price * verticalFactor * platformFactor * YEAR_FACTORS[year]),
            soldOut: soldOut.has([vertical, platform, tier.quota].join('|')),
          });
    for (const regional of REGIONAL)
      offerings.push({
        prospectusYear: year,
        verticalId: idOf(ids.vertical, regional.vertical),
        platformId: idOf(ids.platform, regional.platform),
        quotaId: idOf(ids.quota, regional.quota),
        franchiseId: idOf(ids.franchise, regional.franchise),
        quantity: regional.quantity,
        listPrice: roundPrice(regional.price * YEAR_FACTORS[year]),
        soldOut: regional.soldOut ?? false,
      });
  }
  return offerings;
}

const sameGroup = (lead: DemoLead, offering: DemoOffering) =>
  lead.prospectusYear === offering.prospectusYear &&
  lead.verticalId === offering.verticalId &&
  lead.platformId === offering.platformId &&
  lead.quotaId === offering.quotaId;

/** Whether the opportunity takes a unit of the offering (its status aside). */
const takes = (lead: DemoLead, offering: DemoOffering) =>
  sameGroup(lead, offering) && (offering.franchiseId === null || lead.franchiseIds.has(offering.franchiseId));

/**
 * Places the opportunities that hold a quota (in `holding`) of the prospectus's years on its
 * offerings, changing their vertical, platform and quota (and adding a praça) in place: the
 * offerings to sell out first, to the last unit; then one unit of each other national offering in
 * a shuffled order, then more while each keeps a unit free; the holders left over go to a vertical
 * without a prospectus. Then each praça's offering takes some of the holders of its national twin
 * (all its units when it is one to sell out).
 */
export function placeHolders(
  leads: DemoLead[],
  offerings: readonly DemoOffering[],
  holding: ReadonlySet<string>,
  outsideVerticalId: string,
  random: () => number,
): void {
  for (const year of DEMO_PROSPECTUS_YEARS) {
    const holders = leads.filter((lead) => lead.prospectusYear === year && holding.has(lead.contractStatus));
    const national = offerings.filter(
      (offering) => offering.prospectusYear === year && offering.franchiseId === null,
    );
    const others = national.filter((offering) => !offering.soldOut);
    // A fixed-seed shuffle, so that which offerings sell a second unit is no pattern of the grid.
    for (let index = others.length - 1; index > 0; index--) {
      const swap = Math.floor(random() * (index + 1));
      [others[index], others[swap]] = [others[swap]!, others[index]!];
    }
    const slots = national
      .filter((offering) => offering.soldOut)
      .flatMap((offering) => Array(offering.quantity).fill(offering) as DemoOffering[]);
    const rounds = Math.max(0, ...others.map((offering) => offering.quantity - 1));
    for (let round = 0; round < rounds; round++)
      for (const offering of others) if (round < offering.quantity - 1) slots.push(offering);
    holders.forEach((lead, index) => {
      const slot = slots[index];
      if (slot) {
        lead.verticalId = slot.verticalId;
        lead.platformId = slot.platformId;
        lead.quotaId = slot.quotaId;
      } else lead.verticalId = outsideVerticalId;
    });

    for (const regional of offerings) {
      if (regional.prospectusYear !== year || regional.franchiseId === null) continue;
      const franchiseId = regional.franchiseId;
      const target = regional.soldOut ? regional.quantity : 1;
      const twins = holders.filter((lead) => sameGroup(lead, regional));
      let taken = twins.filter((lead) => lead.franchiseIds.has(franchiseId)).length;
      for (const lead of twins) {
        if (taken >= target) break;
        if (lead.franchiseIds.has(franchiseId)) continue;
        lead.franchiseIds.add(franchiseId);
        taken++;
      }
    }
  }
}

/**
 * The offerings to insert, each with at least as many units as the opportunities that hold it
 * (a praça chosen at random may have given an offering one holder more than planned: it is then
 * sold out rather than refused by the database).
 */
export function offeringsToInsert(
  offerings: readonly DemoOffering[],
  leads: readonly DemoLead[],
  holding: ReadonlySet<string>,
) {
  return offerings.map((offering) => {
    const holders = leads.filter((lead) => holding.has(lead.contractStatus) && takes(lead, offering)).length;
    const { soldOut: _planned, ...row } = offering;
    return { ...row, quantity: Math.max(offering.quantity, holders) };
  });
}
