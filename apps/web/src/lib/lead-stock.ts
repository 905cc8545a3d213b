import type { Lead, LeadStockItem, LiveEvent, Offering } from '@funil/shared';

/**
 * Whether the lead has the offering's year, vertical, platform and quota and, for a praça's
 * offering, that praça: the leads the `offering=<id>` filter finds, whatever the offering's status.
 */
export function leadHasOfferingKey(lead: Lead, offering: Offering): boolean {
  return (
    offering.prospectus_year === lead.prospectus_year &&
    offering.vertical.id === lead.vertical.id &&
    offering.platform.id === lead.platform.id &&
    offering.quota.id === lead.quota.id &&
    (offering.franchise === null || lead.franchises.includes(offering.franchise))
  );
}

/**
 * Whether the lead takes (or would take, in a status that holds a quota) a unit of the offering,
 * by the server's rule: an active offering of the lead's year, vertical, platform and quota,
 * national or of one of the lead's praças.
 */
export const leadTakesOffering = (lead: Lead, offering: Offering): boolean =>
  offering.status === 'active' && leadHasOfferingKey(lead, offering);

/** The server's order of a lead's stock: the national offering first, then by praça. */
const stockOrder = (a: LeadStockItem, b: LeadStockItem): number => {
  if (a.franchise === b.franchise) return 0;
  if (a.franchise === null) return -1;
  if (b.franchise === null) return 1;
  return a.franchise < b.franchise ? -1 : 1;
};

const sameItem = (a: LeadStockItem, b: LeadStockItem) =>
  a.offering_id === b.offering_id &&
  a.franchise === b.franchise &&
  a.quantity === b.quantity &&
  a.available === b.available &&
  a.list_price === b.list_price;

/**
 * The lead with its stock as the offering now is: the offering's entry updated (counts, price,
 * praça), added when the lead now takes it, dropped when it no longer does (deactivated, or moved
 * to another year, vertical, platform, quota or praça). The same lead when nothing changed, so a
 * card that does not show the offering does not render again.
 */
export function withOfferingStock(lead: Lead, offering: Offering): Lead {
  const index = lead.stock.findIndex((item) => item.offering_id === offering.id);
  if (!leadTakesOffering(lead, offering)) return index < 0 ? lead : withoutOfferingStock(lead, offering.id);
  const item: LeadStockItem = {
    offering_id: offering.id,
    franchise: offering.franchise,
    quantity: offering.quantity,
    available: offering.available,
    list_price: offering.list_price,
  };
  if (index >= 0 && sameItem(lead.stock[index]!, item)) return lead;
  const others = lead.stock.filter((entry) => entry.offering_id !== offering.id);
  return { ...lead, stock: [...others, item].sort(stockOrder) };
}

/** The lead without the offering's entry (a deleted offering); the same lead when it had none. */
export function withoutOfferingStock(lead: Lead, offeringId: string): Lead {
  if (!lead.stock.some((item) => item.offering_id === offeringId)) return lead;
  return { ...lead, stock: lead.stock.filter((item) => item.offering_id !== offeringId) };
}

/**
 * The lead after one live event: an offering created or updated (with its record) or deleted
 * changes the lead's stock; any other event leaves it as it is.
 */
export function withOfferingEvent(lead: Lead, event: LiveEvent): Lead {
  switch (event.type) {
    case 'offering.created':
    case 'offering.updated':
      return event.record ? withOfferingStock(lead, event.record) : lead;
    case 'offering.deleted':
      return withoutOfferingStock(lead, event.id);
    default:
      return lead;
  }
}

/**
 * An offering created or changed, announced without its record (one this client could not read):
 * which leads take it now cannot be told, so what shows their stock is read again.
 */
export const isOfferingEventWithoutRecord = (event: LiveEvent): boolean =>
  (event.type === 'offering.created' || event.type === 'offering.updated') && !event.record;

/**
 * Whether the leads found by the `offering=<id>` filter may be others after this event, given the
 * leads loaded under it: the offering is gone, unreadable, or no longer has the key those leads
 * share (moved to another year, vertical, platform, quota or praça). With none loaded, nobody can
 * tell. A change of its counts, price or status alone keeps the same leads.
 */
export function changesOfferingFilter(
  event: LiveEvent,
  offeringFilter: unknown,
  loaded: readonly Lead[],
): boolean {
  if (typeof offeringFilter !== 'string' || offeringFilter === '' || event.id !== offeringFilter)
    return false;
  switch (event.type) {
    case 'offering.deleted':
      return true;
    case 'offering.created':
    case 'offering.updated': {
      const offering = event.record;
      return !offering || loaded.length === 0 || loaded.some((lead) => !leadHasOfferingKey(lead, offering));
    }
    default:
      return false;
  }
}

/**
 * Whether a lead's record says it is among the leads the `offering=<id>` filter finds: true when
 * there is no such filter or its stock holds that offering; undefined when that cannot be told
 * (an inactive offering is in no lead's stock, yet its leads are found).
 */
export function matchesOfferingFilter(lead: Lead, offeringFilter: unknown): true | undefined {
  if (typeof offeringFilter !== 'string' || offeringFilter === '') return true;
  return lead.stock.some((item) => item.offering_id === offeringFilter) ? true : undefined;
}
