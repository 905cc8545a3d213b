// The routes the baseline answers with its own SQL (own-sql/): the lead page, a lead's create
// and its update (a status move is an update naming contract_status). One statement each.
import type pg from 'pg';
import type { Row } from './answers';
import { leadOf, leadPageOf } from './answers';
import { LEAD_PAGE } from './own-sql/lead-page';
import { leadCreate, leadUpdate, type VersionColumn } from './own-sql/lead-write';
import { rawTypes } from './replay';

export type OwnRequest = {
  method: string;
  url: string;
  body: string;
  ifMatch: string | undefined;
  userId: string;
};
export type OwnAnswer = { status: number; body: string; etag?: string };

/** The strong tags of an If-Match list (`*`: null, any version; a malformed list matches nothing). */
export function ifMatchTags(header: string | undefined): string[] | null {
  if (header === undefined || header.trim() === '*') return null;
  const tags: string[] = [];
  for (const part of header.split(',')) {
    const tag = /^\s*(W\/)?"([^"]*)"\s*$/.exec(part);
    if (!tag) return [];
    if (!tag[1]) tags.push(tag[2] ?? '');
  }
  return tags;
}

export type OwnStatements = { pool: pg.Pool; create: Statement; update: Statement };
type Statement = { name: string; text: string };

/** The statements, for this database's schema: where a lead's version is read from. */
export async function ownStatements(pool: pg.Pool): Promise<OwnStatements> {
  const { rows } = await pool.query<{ found: boolean }>(
    `select exists (select 1 from information_schema.columns
      where table_name = 'leads' and column_name = 'version') as found`,
  );
  const version: VersionColumn = rows[0]?.found ? 'version' : 'xmin';
  return { pool, create: leadCreate(version), update: leadUpdate(version) };
}

const query = async (pool: pg.Pool, statement: Statement, values: unknown[]) =>
  (await pool.query<Row>({ ...statement, values, rowMode: 'array', types: rawTypes })).rows;

const limitOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('limit') ?? 20);

/** A refused write as Funil words it: the message's key, and the field for a missing record. */
const refused = (status: number, failed: unknown): OwnAnswer => ({
  status,
  body: JSON.stringify(
    status === 400
      ? {
          message: `errors:not_found.${failed === 'brand_id' ? 'brand' : String(failed).replace(/s$/, '')}`,
          field: failed,
        }
      : { message: status === 404 ? 'errors:not_found.lead' : 'errors:edit_conflict' },
  ),
});

/** A write's single row: its verdict (status, failed field), then the lead, then its version. */
function writeAnswer(row: Row | undefined): OwnAnswer {
  if (!row) throw new Error('the write answered no row');
  const [status, failed, ...lead] = row;
  if (typeof status !== 'number' || status >= 300) return refused(Number(status), failed);
  return { status, body: JSON.stringify(leadOf(lead)), etag: `"${String(lead[34])}"` };
}

/** The stock triggers refuse a write that would oversell an offering (SQLSTATE FN001/FN002): 409. */
async function orConflict(write: () => Promise<OwnAnswer>): Promise<OwnAnswer> {
  try {
    return await write();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FN001' || code === 'FN002') {
      return { status: 409, body: JSON.stringify({ message: 'errors:offering_sold_out' }) };
    }
    throw error;
  }
}

/** The answer of a scenario the baseline writes its own SQL for; undefined for the others. */
export async function ownAnswer(
  { pool, create, update }: OwnStatements,
  key: string,
  pathId: string | undefined,
  request: OwnRequest,
): Promise<OwnAnswer | undefined> {
  switch (key) {
    case 'page': {
      const limit = limitOf(request.url);
      const rows = await query(pool, LEAD_PAGE, [limit + 1, 0]);
      const total = rows[0]?.[35] ?? 0;
      const page = rows.filter((row) => row[0] !== null);
      return { status: 200, body: JSON.stringify(leadPageOf([[total]], page, limit)) };
    }
    case 'create':
      return orConflict(async () =>
        writeAnswer((await query(pool, create, [request.userId, request.body]))[0]),
      );
    case 'update':
    case 'move':
      return orConflict(async () =>
        writeAnswer(
          (
            await query(pool, update, [pathId, request.userId, ifMatchTags(request.ifMatch), request.body])
          )[0],
        ),
      );
    default:
      return undefined;
  }
}
