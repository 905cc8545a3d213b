import type { OfferingSummary, OfferingSummaryQuery } from '@funil/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readRows, sqlStatement } from '../../db/read-rows';
import { leadFranchiseStatuses, leads, offerings, offeringStock, pipelineStatuses } from '../../db/schema';

/**
 * GET /api/offerings/summary: the units of the year's active offerings (every year's without one),
 * held, sold and left, what they are worth at table price, and the credit of the opportunities
 * that take them.
 *
 * The units come from the stock the database keeps. The credits come from the opportunities
 * themselves, each counted once however many of the offerings it takes (a national and a praça's
 * offering of one key, say): the holders of a national offering are found from the offering by its
 * key (leads_offering_key_idx), those of a praça's offering from the praça's copies of its leads
 * (lead_franchise_statuses, by praça and status), so the cost follows the holders of the offerings,
 * not the number of leads.
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
  const l = leads;
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
    takers as (
      select ${l.id} as lead_id, ${l.credit} as credit, ${l.contractStatus} as contract_status
      from active a join ${l} on ${l.prospectusYear} = a.prospectus_year and ${l.verticalId} = a.vertical_id
        and ${l.platformId} = a.platform_id and ${l.quotaId} = a.quota_id
      where a.franchise_id is null and ${l.contractStatus} in ${holding}
      union
      select ${f.leadId}, ${f.credit}, ${f.contractStatus}
      from active a join ${f} on ${f.franchiseId} = a.franchise_id and ${f.prospectusYear} = a.prospectus_year
        and ${f.verticalId} = a.vertical_id and ${f.platformId} = a.platform_id and ${f.quotaId} = a.quota_id
      where ${f.contractStatus} in ${holding}
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
