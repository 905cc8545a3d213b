import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// A list of values travels as one JSON-text parameter, so a kept statement serves any number of
// values (and PGlite's literal-quoted EXECUTE needs no array syntax).

/** `column = any of the JSON array of texts in parameter`. */
export const isAnyOfJson = (column: SQLWrapper, parameter: SQLWrapper): SQL =>
  sql`${column} in (select json_array_elements_text(${parameter}::json))`;

/**
 * `column = any of the JSON array of uuids in parameter`, for a uuid column (an id list). The ids
 * become one array first (an InitPlan), so the planner looks each one up by the column's index:
 * as a semi-join it guessed 100 ids and read a whole 15,000-note table into a hash instead.
 */
export const isAnyIdOfJson = (column: SQLWrapper, parameter: SQLWrapper): SQL =>
  sql`${column} = any(array(select json_array_elements_text(${parameter}::json)::uuid))`;
