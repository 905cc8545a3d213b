import { createHash } from 'node:crypto';
import { type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { nameStatement } from './pglite-named-statements';

/** A query a service built with the query builder (a select, with its joins and filters). */
export type BuiltQuery = { toSQL(): Query };

const dialect = new PgDialect();

/**
 * A statement written as SQL (values as `sql.placeholder`s), for `readRows`: for what the query
 * builder does not model, such as common table expressions over a generated series.
 */
export const sqlStatement = (statement: SQL): BuiltQuery => ({ toSQL: () => dialect.sqlToQuery(statement) });

/** Maps the rows, read as arrays in the query's column order, to what the service answers. */
export type RowsMapper<R> = (rows: unknown[][]) => R;

/** A count's one row and column, as a number (0 when there is no row). */
export const firstNumber: RowsMapper<number> = (rows) => Number(rows[0]?.[0] ?? 0);

/** A statement kept for its key: its text and fixed parameters, its name, how its rows are read. */
type KeptStatement = { query: Query; name: string | undefined; mapRows: RowsMapper<unknown> };

/**
 * Statements by key. A process sees a handful of query shapes (which filters are set, the sort):
 * past this many the shape is built for each request and sent unnamed, so a client inventing
 * shapes cannot grow the process or its connections without bound.
 */
const MAX_KEPT_STATEMENTS = 500;
const kept = new Map<string, KeptStatement>();

const statementName = (key: string) => `s_${createHash('sha1').update(key).digest('hex').slice(0, 20)}`;

type Prepared = ReturnType<Database['_']['session']['prepareQuery']>;

/** The driver's prepared query of a kept statement, per database handle (a transaction is one of its own). */
const preparedByHandle = new WeakMap<Database, Map<string, Prepared>>();

function preparedFor(db: Database, key: string | null, statement: KeptStatement): Prepared {
  const prepare = () =>
    db._.session.prepareQuery(statement.query, undefined, statement.name, true, statement.mapRows);
  if (key === null || statement.name === undefined) return prepare();
  let handle = preparedByHandle.get(db);
  if (!handle) {
    handle = new Map();
    preparedByHandle.set(db, handle);
  }
  let prepared = handle.get(key);
  if (!prepared) {
    prepared = prepare();
    handle.set(key, prepared);
  }
  return prepared;
}

/**
 * The services' one way to read: a query whose values are all `sql.placeholder`s, identified by
 * `key` — everything that changes its text (the filters in use, the sort, a cursor or not) and
 * nothing else. The first request of a key builds it (`build`: the query and how its rows, read as
 * arrays, become the answer — usually a shape's compiled reader, db/answer-shape.ts); the text is
 * kept and sent as a named statement, parsed and planned once per connection. Later requests pass
 * their values only: building a page of leads with the query builder cost more than the database
 * took to answer it. Works on both engines and inside a transaction (any handle).
 *
 * The embedded database's API names no statement: there the named ones are prepared with SQL's
 * PREPARE and run with EXECUTE (pglite-named-statements.ts), an engine detail that stays in this
 * folder.
 */
export function readRows<R>(
  db: Database,
  key: string | null,
  build: () => { query: BuiltQuery; mapRows: RowsMapper<R> },
  values: Record<string, unknown> = {},
): Promise<R> {
  // No key: a query whose text follows its values, built for this request and sent unnamed.
  let statement = key === null ? undefined : kept.get(key);
  if (!statement) {
    const built = build();
    const query = built.query.toSQL();
    const keep = key !== null && kept.size < MAX_KEPT_STATEMENTS;
    statement = {
      query,
      name: keep ? statementName(key) : undefined,
      mapRows: built.mapRows as RowsMapper<unknown>,
    };
    if (key !== null && statement.name) {
      nameStatement(statement.name, query.sql);
      kept.set(key, statement);
    }
  }
  return preparedFor(db, key, statement).execute(values) as Promise<R>;
}

/** A select that can be paged: `limit` and `offset` take placeholders. */
type PageableQuery = BuiltQuery & {
  limit(limit: Placeholder): { offset(offset: Placeholder): BuiltQuery };
};

/**
 * A list's count and rows through `readRows`: every row (`window` null) or `limit` rows from
 * `offset`, under the keys `<key>|count`, `<key>|all` and `<key>|page` (a null key builds them for
 * this request).
 */
export function readListRows<T>(
  db: Database,
  list: {
    key: string | null;
    values: Record<string, unknown>;
    count: () => BuiltQuery;
    rows: () => PageableQuery;
    mapRows: RowsMapper<T[]>;
  },
) {
  const keyOf = (kind: string) => (list.key === null ? null : `${list.key}|${kind}`);
  return {
    count: () =>
      readRows(db, keyOf('count'), () => ({ query: list.count(), mapRows: firstNumber }), list.values),
    rows: (window: { limit: number; offset: number } | null) =>
      window
        ? readRows(
            db,
            keyOf('page'),
            () => ({
              query: list.rows().limit(sql.placeholder('limit')).offset(sql.placeholder('offset')),
              mapRows: list.mapRows,
            }),
            { ...list.values, ...window },
          )
        : readRows(db, keyOf('all'), () => ({ query: list.rows(), mapRows: list.mapRows }), list.values),
  };
}
