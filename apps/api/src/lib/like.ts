import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** Makes `%`, `_` and `\` literal in a LIKE pattern (docs/api.md, General: they are characters, not wildcards). */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Case- and accent-insensitive substring match ("sao" finds "São Paulo"), identical on PGlite and
 * PostgreSQL because both sides go through the migration's `f_unaccent_lower` (no extension).
 */
export const containsText = (column: SQLWrapper, search: string): SQL =>
  sql`f_unaccent_lower(${column}) like '%' || f_unaccent_lower(${escapeLike(search)}) || '%' escape '\\'`;
