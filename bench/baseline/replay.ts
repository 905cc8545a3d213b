// Runs Funil's captured statements again: the same texts, in the same order, on as many pool
// connections as Funil used (statements captured on different connections ran concurrently),
// with the captured parameters mapped to this request's.
import pg from 'pg';
import type { CapturedStatement } from '../support/sql-capture';
import type { Row } from './answers';

/** Read as drizzle's node-postgres driver reads: array rows, timestamptz and friends as text. */
const RAW_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1182, // date[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
]);
export const rawTypes = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    RAW_TYPES.has(typeId)
      ? (value: string) => value
      : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * How one request's parameters differ from the captured request's: captured values to put
 * back (ids of the path, the signed-in user, a row the request inserted…), and the time that has
 * passed, by which every timestamp parameter moves (now, a lockout window, an expiry).
 */
export class Substitution {
  readonly values = new Map<string, string>();
  readonly #shiftMs: number;

  constructor(capturedAt: number) {
    this.#shiftMs = Date.now() - capturedAt;
  }

  param(value: string | null): string | null {
    if (value === null) return null;
    const mapped = this.values.get(value);
    if (mapped !== undefined) return mapped;
    if (ISO_TIMESTAMP.test(value)) return new Date(Date.parse(value) + this.#shiftMs).toISOString();
    return value;
  }
}

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

async function run(db: Queryable, statement: CapturedStatement, substitution: Substitution): Promise<Row[]> {
  if (statement.params.length === 0 && /^(begin|commit|rollback)$/i.test(statement.text)) {
    await db.query(statement.text);
    return [];
  }
  const result = await db.query<Row>({
    // A statement Funil named is prepared once per connection here too, as node-postgres does there.
    ...(statement.name ? { name: statement.name } : {}),
    text: statement.text,
    values: statement.params.map((value) => substitution.param(value)),
    rowMode: 'array',
    types: rawTypes,
  });
  return result.rows;
}

/**
 * Replays `statements`; answers each statement's rows, in the captured order. `afterEach` sees
 * every statement's rows as they come (to map an inserted id into the statements after it).
 */
export async function replay(
  pool: pg.Pool,
  statements: CapturedStatement[],
  substitution: Substitution,
  afterEach: (index: number, rows: Row[]) => void | Promise<void> = () => {},
): Promise<Row[][]> {
  const results: Row[][] = new Array<Row[]>(statements.length);
  const byConnection = new Map<number, number[]>();
  statements.forEach((statement, index) => {
    byConnection.set(statement.connection, [...(byConnection.get(statement.connection) ?? []), index]);
  });
  await Promise.all(
    [...byConnection.values()].map(async (indexes) => {
      const first = statements[indexes[0] ?? 0];
      // A transaction holds one connection from its begin to its commit, as drizzle's does.
      const inTransaction = first?.text.toLowerCase() === 'begin';
      const client = inTransaction ? await pool.connect() : undefined;
      try {
        for (const index of indexes) {
          const statement = statements[index] as CapturedStatement;
          results[index] = await run(client ?? pool, statement, substitution);
          await afterEach(index, results[index]);
        }
      } catch (error) {
        if (client) await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client?.release();
      }
    }),
  );
  return results;
}
