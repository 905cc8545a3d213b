import type { LeadSortField, SortOrder } from '@funil/shared';

/** How a list of leads is ordered; the id always breaks ties in the same direction. */
export type LeadOrder = { field: LeadSortField; direction: SortOrder };

/** Newest first: the board's and the list's order, and the only one a keyset cursor follows. */
export const DEFAULT_LEAD_ORDER: LeadOrder = { field: 'createdAt', direction: 'desc' };

/**
 * The order a list query asks for: without `sort`, newest first; with `sort` and no `order`,
 * ascending (docs/api.md, General).
 */
export function resolveLeadOrder(query: { sort?: LeadSortField; order?: SortOrder }): LeadOrder {
  if (!query.sort) return { field: 'createdAt', direction: query.order ?? 'desc' };
  return { field: query.sort, direction: query.order ?? 'asc' };
}

/** Whether a page in this order can be continued by a keyset cursor (next_cursor). */
export const isDefaultLeadOrder = (order: LeadOrder) =>
  order.field === DEFAULT_LEAD_ORDER.field && order.direction === DEFAULT_LEAD_ORDER.direction;
