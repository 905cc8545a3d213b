import type { PGlite } from '@electric-sql/pglite';

/**
 * Named statements on the embedded database. PGlite's API sends every query as the unnamed
 * statement, so PostgreSQL parses and plans it each time — for the lead read, 2 ms of planning in
 * WebAssembly on the API's own thread, against 0.5 ms for executing a statement prepared once.
 * The statements named here (`nameStatement`, by the code that builds them, as node-postgres is
 * given a name on PostgreSQL) are prepared once with SQL's PREPARE and run with EXECUTE.
 *
 * EXECUTE takes no bound parameters, so the values become SQL literals: quoted, quotes doubled
 * (standard_conforming_strings is on: a backslash is an ordinary character). Only statements whose
 * parameters are plain values (text, numbers, booleans) may be named.
 */
const namesByText = new Map<string, string>();

/** Runs `text` as the prepared statement `name` on the embedded database (no effect on PostgreSQL). */
export function nameStatement(name: string, text: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a statement name: ${name}`);
  namesByText.set(text, name);
}

const literal = (value: unknown): string => {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return `'${value}'`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`a named statement's parameter must be a plain value, got ${typeof value}`);
};

/**
 * Makes `client.query` run the named statements through PREPARE/EXECUTE; every other query, and
 * every query inside a transaction (its own handle), goes as before.
 */
export function withNamedStatements(client: PGlite): void {
  // One PREPARE per name, shared by the queries that arrive while it runs.
  const preparing = new Map<string, Promise<unknown>>();
  const query = client.query.bind(client);
  client.query = (async (text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    const name = namesByText.get(text);
    if (name === undefined || !params?.length) return query(text, params, options);
    let prepared = preparing.get(name);
    if (!prepared) {
      prepared = client.exec(`prepare ${name} as ${text}`).catch((error: unknown) => {
        preparing.delete(name); // the next query tries again
        throw error;
      });
      preparing.set(name, prepared);
    }
    await prepared;
    return query(`execute ${name}(${params.map(literal).join(', ')})`, [], options);
  }) as PGlite['query'];
}
