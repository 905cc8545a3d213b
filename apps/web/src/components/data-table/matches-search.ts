import { foldForSearch } from '@funil/shared';

/**
 * Whether any of `values` contains `query` as a case- and accent-insensitive substring (the API's
 * search rule, applied on the client: "sao" finds "São"). Empty
 * queries match everything; null and undefined values never match.
 */
export function matchesSearch(query: string, ...values: (string | number | null | undefined)[]): boolean {
  const needle = foldForSearch(query.trim());
  if (!needle) return true;
  return values.some((value) => value != null && foldForSearch(String(value)).includes(needle));
}
