/**
 * The rows of a statement run with `db.execute` (SQL the query builder does not model): both
 * drivers, node-postgres and PGlite, answer `{ rows }`, as objects named by the columns. `Row` is
 * what the caller's statement selects; nothing checks it.
 */
export const rawRows = <Row = Record<string, unknown>>(result: unknown): Row[] =>
  (result as { rows: Row[] }).rows;
