import type { ExportFormat, ImportResult, SpreadsheetKind } from '@funil/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALPHANUMERIC_CNPJ,
  createBrandVia,
  createContactVia,
  NUMERIC_CNPJ,
} from '../../../test/brand-fixtures';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadVia } from '../../../test/lead-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import { importOk, MORE_CNPJS } from '../../../test/spreadsheet-fixtures';
import type { App } from '../../app';
import {
  brands,
  contacts,
  franchises,
  leadFranchises,
  leads,
  platforms,
  quotas,
  users,
  verticals,
} from '../../db/schema';
import { writtenEventCount } from '../../../test/written-events';

/**
 * Export → import into an empty installation → the same brands, contacts and leads. The source
 * holds the texts a spreadsheet mangles first: quotes, the CSV separators, line breaks, accents
 * and emoji, texts that start like formulas (exported with a `'`, imported without it), money at
 * the column's limits, a brand without a principal contact, inactive records, leads with and
 * without an executive and franchises.
 */

const PEOPLE = [
  { name: 'Júlia Executiva', email: 'julia@funil.dev' },
  { name: 'Bruno Vendas', email: 'bruno@funil.dev' },
];

/** name → label of each catalogue; labels with the characters CSV quotes. */
const CATALOGUE = {
  verticals: { ESPORTE: 'Esporte & Lazer', CULTURA: 'Cultura; Arte' },
  quotas: { MASTER: 'Cota "Master"', APOIO: 'Apoio, regional' },
  platforms: { TV: 'TV Aberta', DIGITAL: 'Digital\nWeb' },
} as const;
const CATALOGUE_TABLES = { verticals, quotas, platforms } as const;

type Installation = { app: App; admin: SignedIn };

/** An empty installation: its administrator, the executives and the catalogue a team enters first. */
async function installation(): Promise<Installation> {
  const app = await buildTestApp();
  const admin = await signIn(app, { roles: ['admin'], name: 'Ana Admin', email: 'ana@funil.dev' });
  for (const person of PEOPLE) await signIn(app, { roles: ['comercial'], ...person });
  for (const [table, items] of Object.entries(CATALOGUE) as [keyof typeof CATALOGUE, object][]) {
    await app.db
      .insert(CATALOGUE_TABLES[table])
      .values(Object.entries(items).map(([name, label]) => ({ name, label: label as string })));
  }
  return { app, admin };
}

const idOf = async (
  app: App,
  table: (typeof CATALOGUE_TABLES)[keyof typeof CATALOGUE_TABLES],
  name: string,
) => (await app.db.select({ id: table.id }).from(table).where(eq(table.name, name)))[0]!.id;
const userIdOf = async (app: App, email: string) =>
  (await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/** The source's records, made through the API as a team would. */
async function fillSource({ app, admin }: Installation): Promise<void> {
  const headers = admin.headers;
  const ferro = await createBrandVia(app, headers, {
    name: 'Ferro & Aço "Premium"; Ltda',
    company_name: 'Ferro e Aço S.A.',
    cnpj: NUMERIC_CNPJ,
    area_of_activity: 'Indústria',
    segmentation: 'B2B, varejo',
    responsible: 'Carla Gerente',
    description: 'Linha 1\nLinha 2; com "aspas"',
  });
  const cafe = await createBrandVia(app, headers, {
    name: 'Café São João',
    company_name: 'Café SJ Ltda',
    cnpj: ALPHANUMERIC_CNPJ,
    description: '=HYPERLINK("http://exemplo.com","clique")',
  });
  const nandu = await createBrandVia(app, headers, {
    name: 'Ñandú Ibérica 🚀',
    company_name: 'Ñandú S.L.',
    cnpj: MORE_CNPJS[0],
    description: '- nota que começa com hífen',
    segmentation: '@marca',
    status: 'inactive',
  });
  const bare = await createBrandVia(app, headers, {
    name: 'Marca Sem Contato',
    company_name: 'Sem Contato Ltda',
    cnpj: MORE_CNPJS[1],
  });

  await createContactVia(app, headers, ferro.id, {
    first_name: 'José',
    last_name: "D'Ávila",
    position: 'Diretor de Marketing',
    email: 'jose@ferro.com.br',
    phone_number: '5511987654321',
    flag: 'principal',
  });
  await createContactVia(app, headers, ferro.id, {
    first_name: 'Maria',
    last_name: 'Silva, Jr.',
    email: 'maria@ferro.com.br',
    phone_number: '1133334444',
    status: 'inactive',
  });
  await createContactVia(app, headers, cafe.id, {
    first_name: 'Ana',
    last_name: 'Souza',
    email: 'ana@cafe.com.br',
    phone_number: '5521999990000',
    flag: 'principal',
  });
  await createContactVia(app, headers, nandu.id, {
    first_name: 'Pedro',
    last_name: 'Ñúñez',
    position: '+ parcerias',
    email: 'pedro@nandu.es',
    phone_number: '34911222333',
  });

  const refs = async (brandId: string, vertical: string, quota: string, platform: string) => ({
    brandId,
    verticalId: await idOf(app, verticals, vertical),
    quotaId: await idOf(app, quotas, quota),
    platformId: await idOf(app, platforms, platform),
  });
  await createLeadVia(app, headers, await refs(ferro.id, 'ESPORTE', 'MASTER', 'TV'), {
    assessment: 'Q1/2026',
    prospectus_year: 2026,
    contract_status: 'quente',
    executive: await userIdOf(app, 'julia@funil.dev'),
    franchises: ['São Paulo', 'Rio de Janeiro'],
    credit: 999999999999.99,
    invest: 4321.5,
    exchange: true,
  });
  await createLeadVia(app, headers, await refs(ferro.id, 'CULTURA', 'APOIO', 'DIGITAL'), {
    assessment: 'Q2/2026 — "Copa"; final',
    prospectus_year: 2027,
    contract_status: 'assinado',
    credit: 0.01,
    rouanet_law: true,
  });
  await createLeadVia(app, headers, await refs(cafe.id, 'ESPORTE', 'APOIO', 'TV'), {
    assessment: '+ patrocínio extra',
    contract_status: 'declinado',
    executive: await userIdOf(app, 'bruno@funil.dev'),
    credit: 1234.56,
    invest: 1000,
  });
  await createLeadVia(app, headers, await refs(nandu.id, 'CULTURA', 'MASTER', 'DIGITAL'), {
    assessment: 'Q3',
    prospectus_year: 2028,
    franchises: ['Belém'],
  });
  await createLeadVia(app, headers, await refs(bare.id, 'CULTURA', 'MASTER', 'DIGITAL'), {
    assessment: 'Q3',
    prospectus_year: 2028,
    contract_status: 'no_juridico',
  });
}

/** Everything an installation holds of brands, contacts and leads, without ids and timestamps. */
async function records(app: App) {
  const brandRows = await app.db
    .select({
      name: brands.name,
      company_name: brands.companyName,
      cnpj: brands.cnpj,
      area_of_activity: brands.areaOfActivity,
      segmentation: brands.segmentation,
      responsible: brands.responsible,
      description: brands.description,
      status: brands.status,
    })
    .from(brands)
    .orderBy(asc(brands.cnpj));
  const contactRows = await app.db
    .select({
      brand_cnpj: brands.cnpj,
      position: contacts.position,
      first_name: contacts.firstName,
      last_name: contacts.lastName,
      email: contacts.email,
      phone_number: contacts.phoneNumber,
      flag: contacts.flag,
      status: contacts.status,
    })
    .from(contacts)
    .innerJoin(brands, eq(brands.id, contacts.brandId))
    .orderBy(asc(brands.cnpj), asc(contacts.email));
  const leadRows = await app.db
    .select({
      brand_cnpj: brands.cnpj,
      assessment: leads.assessment,
      vertical: verticals.name,
      quota: quotas.name,
      platform: platforms.name,
      prospectus_year: leads.prospectusYear,
      contract_status: leads.contractStatus,
      executive: users.email,
      franchises: sql<string | null>`(select string_agg(${franchises.name}, ', ' order by ${franchises.name})
        from ${leadFranchises} join ${franchises} on ${franchises.id} = ${leadFranchises.franchiseId}
        where ${leadFranchises.leadId} = ${leads.id})`,
      credit: sql<string>`${leads.credit}::text`,
      invest: sql<string>`${leads.invest}::text`,
      exchange: leads.exchange,
      rouanet_law: leads.rouanetLaw,
    })
    .from(leads)
    .innerJoin(brands, eq(brands.id, leads.brandId))
    .innerJoin(verticals, eq(verticals.id, leads.verticalId))
    .innerJoin(quotas, eq(quotas.id, leads.quotaId))
    .innerJoin(platforms, eq(platforms.id, leads.platformId))
    .leftJoin(users, eq(users.id, leads.executiveId))
    .orderBy(asc(brands.cnpj), asc(leads.assessment), asc(leads.prospectusYear));
  return { brands: brandRows, contacts: contactRows, leads: leadRows };
}

async function exportFile(from: Installation, kind: SpreadsheetKind, format: ExportFormat, language: string) {
  const response = await from.app.inject({
    method: 'GET',
    url: `/api/${kind}/export?format=${format}&tz=America/Sao_Paulo`,
    headers: { ...from.admin.headers, 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

async function importFile(into: Installation, kind: SpreadsheetKind, format: ExportFormat, file: Buffer) {
  return importOk(into.app, into.admin.headers, kind, file, {
    dry_run: false,
    filename: `${kind}.${format}`,
    type: format === 'csv' ? 'text/csv' : 'application/octet-stream',
  });
}

/** What an import did, in short: counts, and each skipped row's reason. */
const outcome = (result: ImportResult) => ({
  created: result.created,
  updated: result.updated,
  skipped: result.skipped.map((row) => row.message),
});

describe('spreadsheet round trip: export, then import into an empty installation', () => {
  let source: Installation;

  beforeAll(async () => {
    source = await installation();
    await fillSource(source);
  });
  afterAll(() => source.app.close());

  for (const [format, language] of [
    ['csv', 'pt-BR'],
    ['csv', 'en'],
    ['xlsx', 'es'],
  ] as const) {
    it(`gives back the same brands, contacts and leads (${format.toUpperCase()}, ${language})`, async () => {
      const target = await installation();
      try {
        const files = {
          brands: await exportFile(source, 'brands', format, language),
          contacts: await exportFile(source, 'contacts', format, language),
          leads: await exportFile(source, 'leads', format, language),
        };
        // Brands first (with their principal contact), then the other contacts, then the leads.
        expect(outcome(await importFile(target, 'brands', format, files.brands))).toEqual({
          created: 4,
          updated: 0,
          skipped: [],
        });
        // The principal contacts came with their brands: their rows are the only ones skipped.
        expect(outcome(await importFile(target, 'contacts', format, files.contacts))).toEqual({
          created: 2,
          updated: 0,
          skipped: ['Contato já cadastrado', 'Contato já cadastrado'],
        });
        expect(outcome(await importFile(target, 'leads', format, files.leads))).toEqual({
          created: 5,
          updated: 0,
          skipped: [],
        });

        const expected = await records(source.app);
        expect(expected.brands).toHaveLength(4);
        expect(expected.contacts).toHaveLength(4);
        expect(expected.leads).toHaveLength(5);
        expect(await records(target.app)).toEqual(expected);
      } finally {
        await target.app.close();
      }
    });
  }

  /** Every brand's, contact's and lead's updatedAt, and the live events written so far. */
  const writesOf = async (app: App) => {
    const stamps = [
      ...(await app.db.select({ id: brands.id, at: brands.updatedAt }).from(brands)),
      ...(await app.db.select({ id: contacts.id, at: contacts.updatedAt }).from(contacts)),
      ...(await app.db.select({ id: leads.id, at: leads.updatedAt }).from(leads)),
    ];
    return {
      stamps: Object.fromEntries(stamps.map((row) => [row.id, row.at.toISOString()])),
      events: writtenEventCount(app.db),
    };
  };

  for (const [format, language] of [
    ['csv', 'pt-BR'],
    ['xlsx', 'es'],
  ] as const) {
    it(`re-importing the installation's own exports with update changes nothing: every row unchanged, no updatedAt moved, no event (${format.toUpperCase()}, ${language})`, async () => {
      const before = await writesOf(source.app);
      for (const kind of ['brands', 'contacts', 'leads'] as const) {
        const file = await exportFile(source, kind, format, language);
        const answer = await importOk(source.app, source.admin.headers, kind, file, {
          dry_run: false,
          on_duplicate: 'update',
          filename: `${kind}.${format}`,
          type: format === 'csv' ? 'text/csv' : 'application/octet-stream',
        });
        expect({ kind, ...outcome(answer), unchanged: answer.unchanged }).toEqual({
          kind,
          created: 0,
          updated: 0,
          skipped: [],
          unchanged: answer.rows,
        });
      }
      expect(await writesOf(source.app)).toEqual(before);
    });
  }
});
