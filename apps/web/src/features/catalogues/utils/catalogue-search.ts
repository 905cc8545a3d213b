import type { CatalogueItem } from '@funil/shared';
import { matchesSearch } from '@/components/data-table';

/** The search box matches name or label, ignoring case and accents, on the client. */
export const matchesCatalogueItem = (item: CatalogueItem, query: string) =>
  matchesSearch(query, item.name, item.label);
