import type { CatalogueItem } from '@funil/shared';
import { matchesSearch } from '@/components/data-table';

/** The search box matches name or label, ignoring case and accents, on the client. */
export const matchesCatalogueItem = (item: CatalogueItem, query: string) =>
  matchesSearch(query, item.name, item.label);

export const STATUS_FILTERS = ['active', 'inactive', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The list's `status` parameter for a filter choice ('all' sends none). */
export const statusParam = (filter: StatusFilter) => (filter === 'all' ? undefined : filter);
