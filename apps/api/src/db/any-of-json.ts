import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// A list of values travels as one JSON-text parameter, so a kept statement serves any number of
// values (and PGlite's literal-quoted EXECUTE needs no array syntax).

/** `column = any of the JSON array of texts in parameter`. */
export const isAnyOfJson = (column: SQLWrapper, parameter: SQLWrapper): SQL =>
  sql`${column} in (select json_array_elements_text(${parameter}::json))`;

/** `column = any of the JSON array of uuids in parameter`, for a uuid column (an id list). */
export const isAnyIdOfJson = (column: SQLWrapper, parameter: SQLWrapper): SQL =>
  sql`${column} in (select json_array_elements_text(${parameter}::json)::uuid)`;
