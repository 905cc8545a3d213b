import type { Lead } from '@funil/shared';
import type { App } from '../src/app';
import { platforms, quotas, verticals } from '../src/db/schema';
import { createBrandVia } from './brand-fixtures';

/** The records a lead must name: a brand and one item of each catalogue. */
export type LeadReferences = { brandId: string; verticalId: string; quotaId: string; platformId: string };

/** Catalogue items straight in the database (their routes are tested elsewhere). */
export async function insertCatalogueItem(
  app: App,
  table: typeof verticals | typeof quotas | typeof platforms,
  name: string,
): Promise<string> {
  const [row] = await app.db
    .insert(table)
    .values({ name, label: `${name} LABEL` })
    .returning({ id: table.id });
  if (!row) throw new Error('catalogue insert returned no row');
  return row.id;
}

/** A brand through the API and one catalogue item of each kind, unique per call. */
export async function createLeadReferences(
  app: App,
  headers: Record<string, string>,
): Promise<LeadReferences> {
  const unique = Math.random().toString(36).slice(2, 8).toUpperCase();
  return {
    brandId: (await createBrandVia(app, headers)).id,
    verticalId: await insertCatalogueItem(app, verticals, `VERTICAL${unique}`),
    quotaId: await insertCatalogueItem(app, quotas, `QUOTA${unique}`),
    platformId: await insertCatalogueItem(app, platforms, `PLATFORM${unique}`),
  };
}

/** A valid POST /api/leads body naming `refs`. */
export const leadBody = (refs: LeadReferences, overrides: Record<string, unknown> = {}) => ({
  brand_id: refs.brandId,
  assessment: 'Q1/2026',
  vertical: refs.verticalId,
  quota: refs.quotaId,
  platform: refs.platformId,
  prospectus_year: 2026,
  contract_status: 'frio',
  ...overrides,
});

/** Creates a lead through the API and returns it. */
export async function createLeadVia(
  app: App,
  headers: Record<string, string>,
  refs: LeadReferences,
  overrides: Record<string, unknown> = {},
): Promise<Lead> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/leads',
    headers,
    payload: leadBody(refs, overrides),
  });
  if (response.statusCode !== 201) throw new Error(`creating a lead: ${response.body}`);
  return response.json<Lead>();
}
