/** Lower case without accents, so "sao" finds "São" (the API's search rule, applied on the client). */
export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * Whether any of `values` contains `query` as a case- and accent-insensitive substring. Empty
 * queries match everything; null and undefined values never match.
 */
export function matchesSearch(query: string, ...values: (string | number | null | undefined)[]): boolean {
  const needle = normalizeSearchText(query.trim());
  if (!needle) return true;
  return values.some((value) => value != null && normalizeSearchText(String(value)).includes(needle));
}
