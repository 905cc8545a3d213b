import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** Makes `%`, `_` and `\` literal in a LIKE pattern (docs/api.md, General: they are characters, not wildcards). */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Case- and accent-insensitive substring match ("sao" finds "São Paulo"), identical on PGlite and
 * PostgreSQL because both sides go through the migration's `f_unaccent_lower` (no extension).
 */
export const containsText = (column: SQLWrapper, search: string): SQL =>
  containsTextPattern(column, sql`${escapeLike(search)}`);

/** `containsText` with the search already escaped (`escapeLike`) in `pattern`: a parameter. */
export const containsTextPattern = (column: SQLWrapper, pattern: SQLWrapper): SQL =>
  containsNormalisedPattern(sql`f_unaccent_lower(${column})`, pattern);

/**
 * `containsText` over a column that already holds f_unaccent_lower of its text (a stored
 * `normalisedForSearch` column): only the search is normalised, once, and a trigram index on the
 * column serves it.
 */
export const containsNormalised = (normalisedColumn: SQLWrapper, search: string): SQL =>
  containsNormalisedPattern(normalisedColumn, sql`${escapeLike(search)}`);

/** `containsNormalised` with the search already escaped (`escapeLike`) in `pattern`: a parameter. */
export const containsNormalisedPattern = (normalisedColumn: SQLWrapper, pattern: SQLWrapper): SQL =>
  sql`${normalisedColumn} like '%' || f_unaccent_lower(${pattern}) || '%' escape '\\'`;
