import { foldForSearch } from '@funil/shared';
import type { Database } from '../../../db/client';
import { franchises, platforms, quotas, verticals } from '../../../db/schema';

/**
 * What an imported row names by text, found the way a person writes it: catalogue items by name or
 * label, praças by name, case and accents aside. Each is read once per file.
 */

/** Folded text → id; an ambiguous text (two items) maps to null. */
export function indexBy<T extends { id: string }>(items: readonly T[], ...texts: ((item: T) => string)[]) {
  const index = new Map<string, string | null>();
  for (const text of texts) {
    const pass = new Map<string, string | null>();
    for (const item of items) {
      const key = foldForSearch(text(item).trim());
      pass.set(key, pass.has(key) && pass.get(key) !== item.id ? null : item.id);
    }
    // An earlier pass (names before labels, emails before names) wins.
    for (const [key, id] of pass) if (!index.has(key)) index.set(key, id);
  }
  return index;
}

type CatalogueItem = { id: string; name: string; label: string };
type Franchise = { id: string; name: string };

/**
 * The catalogues (folded name or label → id) and the praças (folded name → the praça). One query
 * after the other: inside the import's transaction they share one connection.
 */
export async function loadCatalogues(db: Database) {
  const catalogue = (table: typeof verticals | typeof quotas | typeof platforms) =>
    db.select({ id: table.id, name: table.name, label: table.label }).from(table);
  const byNameOrLabel = (items: CatalogueItem[]) =>
    indexBy(
      items,
      (item) => item.name,
      (item) => item.label,
    );
  const vertical = byNameOrLabel(await catalogue(verticals));
  const quota = byNameOrLabel(await catalogue(quotas));
  const platform = byNameOrLabel(await catalogue(platforms));
  const franchiseItems = await db.select({ id: franchises.id, name: franchises.name }).from(franchises);
  return {
    vertical,
    quota,
    platform,
    franchise: new Map(franchiseItems.map((item: Franchise) => [foldForSearch(item.name), item])),
  };
}

export type Catalogues = Awaited<ReturnType<typeof loadCatalogues>>;

/** The catalogue fields of a row, with the message when the item is not found. */
export const CATALOGUE_FIELDS = [
  ['vertical', 'errors:not_found.vertical'],
  ['quota', 'errors:not_found.quota'],
  ['platform', 'errors:not_found.platform'],
] as const;
