import type { ContractStatus, Offering } from '@funil/shared';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app';
import { rawRows } from '../src/db/raw-rows';
import type { LeadReferences } from './lead-fixtures';

/** A valid POST /api/offerings body for the key of `refs` (national, 2026, 5 units at R$ 1.000). */
export const offeringBody = (refs: LeadReferences, overrides: Record<string, unknown> = {}) => ({
  prospectus_year: 2026,
  vertical: refs.verticalId,
  platform: refs.platformId,
  quota: refs.quotaId,
  quantity: 5,
  list_price: 1000,
  ...overrides,
});

/** Creates an offering through the API (as someone who may) and returns it. */
export async function createOfferingVia(
  app: App,
  headers: Record<string, string>,
  refs: LeadReferences,
  overrides: Record<string, unknown> = {},
): Promise<Offering> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/offerings',
    headers,
    payload: offeringBody(refs, overrides),
  });
  if (response.statusCode !== 201) throw new Error(`creating an offering: ${response.body}`);
  return response.json<Offering>();
}

/** GET /api/offerings/:id, which must answer. */
export async function readOffering(app: App, headers: Record<string, string>, id: string): Promise<Offering> {
  const response = await app.inject({ method: 'GET', url: `/api/offerings/${id}`, headers });
  if (response.statusCode !== 200) throw new Error(`reading an offering: ${response.body}`);
  return response.json<Offering>();
}

/** PATCH /api/leads/:id to another status; the answer, whatever it is. */
export const moveLeadVia = (app: App, headers: Record<string, string>, id: string, status: ContractStatus) =>
  app.inject({ method: 'PATCH', url: `/api/leads/${id}`, headers, payload: { contract_status: status } });

/** Every offering's stock: as the database keeps it, and as counted again from the leads. */
export type StockComparison = { id: string; kept: [number, number]; counted: [number, number] }[];

/**
 * Each offering's held and sold as offering_stock keeps them, beside a recount made straight from
 * the leads (their praças from lead_franchises, what holds from pipeline_statuses), without the
 * running totals or the praças' copies the triggers read: a drift of either shows here.
 */
export async function compareStockWithRecount(app: App): Promise<StockComparison> {
  const rows = rawRows<{
    id: string;
    held: number;
    sold: number;
    counted_held: number;
    counted_sold: number;
  }>(
    await app.db.execute(sql`
      with holders as (
        select o.id as offering_id, l.id as lead_id, l.contract_status
        from offerings o
        join leads l on l.prospectus_year = o.prospectus_year and l.vertical_id = o.vertical_id
          and l.platform_id = o.platform_id and l.quota_id = o.quota_id
        join pipeline_statuses ps on ps.contract_status = l.contract_status and ps.holds_quota
        where o.franchise_id is null
           or exists (select 1 from lead_franchises lf where lf.lead_id = l.id and lf.franchise_id = o.franchise_id)
      )
      select o.id, s.held, s.sold,
        (select count(*) from holders h where h.offering_id = o.id and h.contract_status <> 'assinado')::int as counted_held,
        (select count(*) from holders h where h.offering_id = o.id and h.contract_status = 'assinado')::int as counted_sold
      from offerings o join offering_stock s on s.offering_id = o.id
      order by o.id`),
  );
  return rows.map((row) => ({
    id: row.id,
    kept: [Number(row.held), Number(row.sold)],
    counted: [Number(row.counted_held), Number(row.counted_sold)],
  }));
}
