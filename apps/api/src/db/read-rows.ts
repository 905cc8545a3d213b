import type { Query } from 'drizzle-orm';
import type { Database } from './client';
import { nameStatement } from './pglite-named-statements';

/** A query a service built with the query builder (a select, with its joins and filters). */
export type BuiltQuery = { toSQL(): Query };

/** Maps the rows, read as arrays in the query's column order, to what the service answers. */
export type RowsMapper<R> = (rows: unknown[][]) => R;

/**
 * The services' one way to read records for an answer: the query's rows as arrays, straight to
 * `mapRows` (usually a shape's compiled `toAnswer`, db/answer-shape.ts), on either engine and
 * inside a transaction too. The builder's own row mapping (objects keyed by selection, one
 * decoder call per field) is skipped: for a page of 50 leads it cost more than the database did.
 */
export function readRows<R>(db: Database, query: BuiltQuery, mapRows: RowsMapper<R>): Promise<R> {
  return db._.session
    .prepareQuery(query.toSQL(), undefined, undefined, true, mapRows)
    .execute() as Promise<R>;
}

/** A query prepared once as `prepareRows` returns it: its placeholders' values in, the answer out. */
export type PreparedRows<R> = (values: Record<string, unknown>) => Promise<R>;

/**
 * `readRows` for a fixed query with `sql.placeholder`s, sent as the named statement `name`: parsed
 * and planned once per connection, then only executed. node-postgres does that with the name; the
 * embedded database, whose API names no statement, gets the same through PREPARE/EXECUTE
 * (pglite-named-statements.ts) — an engine detail that stays in this folder.
 */
export function prepareRows<R>(
  db: Database,
  query: BuiltQuery,
  name: string,
  mapRows: RowsMapper<R>,
): PreparedRows<R> {
  const built = query.toSQL();
  nameStatement(name, built.sql);
  const prepared = db._.session.prepareQuery(built, undefined, name, true, mapRows);
  return (values) => prepared.execute(values) as Promise<R>;
}
