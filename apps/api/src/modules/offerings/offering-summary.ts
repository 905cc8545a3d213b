import type { OfferingSummary, OfferingSummaryQuery } from '@funil/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readRows, sqlStatement } from '../../db/read-rows';
import {
  leadFranchiseStatuses,
  leadTotals,
  offerings,
  offeringStock,
  pipelineStatuses,
} from '../../db/schema';

/**
 * GET /api/offerings/summary: the units of the year's active offerings (every year's without one),
 * held, sold and left, what they are worth at table price, and the credit of the opportunities
 * that take them, each counted once however many of the offerings it takes.
 *
 * The units come from the stock the database keeps. The credits are counted in two parts that
 * never share an opportunity, so neither has to find every holder and put them in order:
 * - a key (year, vertical, platform, quota) with an active national offering: every holder of the
 *   key takes it, whatever its praças, so the key's running totals (lead_totals, by status) are
 *   its holders' credit — a few rows per offering, whatever the number of leads;
 * - a key whose active offerings are all of praças: the praças' copies of their holders
 *   (lead_franchise_statuses, one index range per offering), distinct by opportunity, since one
 *   in two of those praças takes both.
 */
export async function summarizeOfferings(
  db: Database,
  query: OfferingSummaryQuery,
): Promise<OfferingSummary> {
  const year = query.prospectus_year;
  const [summary] = await readRows(
    db,
    year === undefined ? 'offering_summary' : 'offering_summary|year',
    () => ({ query: summaryStatement(year !== undefined), mapRows: toSummaries }),
    year === undefined ? {} : { year },
  );
  if (!summary) throw new Error('the summary statement answered no row');
  return summary;
}

function summaryStatement(ofOneYear: boolean) {
  const o = offerings;
  const s = offeringStock;
  const t = leadTotals;
  const f = leadFranchiseStatuses;
  const holding = sql`(select ${pipelineStatuses.contractStatus} from ${pipelineStatuses} where ${pipelineStatuses.holdsQuota})`;
  const yearCondition = ofOneYear ? sql`and ${o.prospectusYear} = ${sql.placeholder('year')}` : sql``;
  return sqlStatement(sql`with active as (
      select ${o.prospectusYear} as prospectus_year, ${o.verticalId} as vertical_id,
        ${o.platformId} as platform_id, ${o.quotaId} as quota_id, ${o.franchiseId} as franchise_id,
        ${o.quantity} as quantity, ${o.listPrice} as list_price, ${s.held} as held, ${s.sold} as sold
      from ${o} join ${s} on ${s.offeringId} = ${o.id}
      where ${o.status} = 'active' ${yearCondition}
    ),
    national_takers as (
      select ${t.contractStatus} as contract_status, ${t.credit} as credit
      from active a join ${t} on ${t.prospectusYear} = a.prospectus_year and ${t.verticalId} = a.vertical_id
        and ${t.platformId} = a.platform_id and ${t.quotaId} = a.quota_id
      where a.franchise_id is null and ${t.contractStatus} in ${holding}
    ),
    praca_only as materialized (
      select a.* from active a
      where a.franchise_id is not null and not exists (
        select 1 from ${o} as national
        where national.franchise_id is null and national.status = 'active'
          and national.prospectus_year = a.prospectus_year and national.vertical_id = a.vertical_id
          and national.platform_id = a.platform_id and national.quota_id = a.quota_id)
    ),
    praca_takers as (
      select distinct h.lead_id, h.contract_status, h.credit
      from praca_only a cross join lateral (
        select ${f.leadId} as lead_id, ${f.contractStatus} as contract_status, ${f.credit} as credit
        from ${f}
        where ${f.franchiseId} = a.franchise_id and ${f.prospectusYear} = a.prospectus_year
          and ${f.verticalId} = a.vertical_id and ${f.platformId} = a.platform_id and ${f.quotaId} = a.quota_id
          and ${f.contractStatus} = any (array${holding})
      ) as h
    ),
    takers as (
      select contract_status, credit from national_takers
      union all
      select contract_status, credit from praca_takers
    )
    select units.quantity, units.held, units.sold, units.available, units.potential,
      credits.sold_credit, credits.held_credit
    from (
      select coalesce(sum(quantity), 0) as quantity, coalesce(sum(held), 0) as held,
        coalesce(sum(sold), 0) as sold, coalesce(sum(quantity - held - sold), 0) as available,
        coalesce(sum(quantity * list_price), 0) as potential
      from active
    ) as units,
    (
      select coalesce(sum(credit) filter (where contract_status = 'assinado'), 0) as sold_credit,
        coalesce(sum(credit) filter (where contract_status <> 'assinado'), 0) as held_credit
      from takers
    ) as credits`);
}

/** Sums arrive as text (bigint and numeric): the answer's numbers, exact to the cent. */
const toSummaries = (rows: unknown[][]): OfferingSummary[] =>
  rows.map(([quantity, held, sold, available, potential, soldCredit, heldCredit]) => ({
    quantity: Number(quantity),
    held: Number(held),
    sold: Number(sold),
    available: Number(available),
    potential: Number(potential),
    sold_credit: Number(soldCredit),
    held_credit: Number(heldCredit),
  }));
