import type { CatalogueItem } from '@funil/shared';
import { matchesSearch } from '@/components/data-table';

/** SPEC.md §2: the search box matches name or label, case-insensitively, on the client. */
export const matchesCatalogueItem = (item: CatalogueItem, query: string) =>
  matchesSearch(query, item.name, item.label);

export const STATUS_FILTERS = ['active', 'inactive', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The list's `status` parameter for a filter choice ('all' sends none). */
export const statusParam = (filter: StatusFilter) => (filter === 'all' ? undefined : filter);
