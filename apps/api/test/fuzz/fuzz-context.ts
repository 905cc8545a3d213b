import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { App } from '../../src/app';
import { platforms, quotas, users, verticals } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/password';
import { CHORE_JOB_KINDS } from '../../src/plugins/housekeeping';
import {
  ALPHANUMERIC_CNPJ,
  NUMERIC_CNPJ,
  createBrandVia,
  createContactVia,
  imageBytes,
} from '../brand-fixtures';
import { createLeadReferences, createLeadVia, insertCatalogueItem } from '../lead-fixtures';
import { createOfferingVia } from '../offering-fixtures';
import type { Hints } from './arbitraries';
import type { Operation } from './route-catalogue';

/**
 * Admins the fuzzer calls as, in turn: the per-user rate limits (the AI assistant's 10 a minute,
 * company lookups' 30) would otherwise turn most of a route's requests into 429s before they reach
 * validation.
 */
const ADMIN_POOL = 64;

export type FuzzContext = {
  /** An admin's headers, a different admin each call. */
  adminHeaders: () => { authorization: string };
  /** A session of its own, for logout (which revokes the token it is called with). */
  freshAdminHeaders: () => Promise<{ authorization: string }>;
  /** The valid value of a path parameter for an operation (a record that exists), if any. */
  validPathValue: (op: Operation, name: string) => string | undefined;
  hints: Hints;
  realImage: Buffer;
  /** Per table, its row count and newest row version (`count/xmin`), in one round trip. */
  tableSnapshot: () => Promise<Record<string, string>>;
};

/** Records for the fuzzed requests to find: one to read and edit, one to delete, per resource. */
export async function createFuzzContext(app: App): Promise<FuzzContext> {
  const passwordHash = await hashPassword('senha-do-fuzz-1');
  const admins = await app.db
    .insert(users)
    .values(
      Array.from({ length: ADMIN_POOL }, (_, i) => ({
        email: `fuzz-admin-${i}-${randomUUID().slice(0, 6)}@example.com`,
        name: `Admin Fuzz`,
        passwordHash,
        roles: ['admin' as const],
      })),
    )
    .returning({ id: users.id });
  const tokens = await Promise.all(admins.map(async ({ id }) => (await app.issueAccessToken(id)).token));
  let turn = 0;
  const adminHeaders = () => ({ authorization: `Bearer ${tokens[turn++ % tokens.length]}` });
  const headers = adminHeaders();
  const firstAdmin = admins[0]!.id;

  const [target] = await app.db
    .insert(users)
    .values({
      email: `fuzz-target-${randomUUID()}@example.com`,
      name: 'Alvo Fuzz',
      passwordHash,
      roles: ['user'],
    })
    .returning({ id: users.id });
  const brand = await createBrandVia(app, headers);
  const brandVictim = await createBrandVia(app, headers);
  const contact = await createContactVia(app, headers, brand.id);
  const contactVictim = await createContactVia(app, headers, brand.id);
  const refs = await createLeadReferences(app, headers);
  const lead = await createLeadVia(app, headers, refs);
  const leadVictim = await createLeadVia(app, headers, refs);
  const offering = (await createOfferingVia(app, headers, refs, { quantity: 100 })).id;
  const offeringVictim = (await createOfferingVia(app, headers, refs, { franchise: 'Recife' })).id;
  const catalogue: Record<string, { item: string; victim: string }> = {};
  for (const [resource, table] of [
    ['verticals', verticals],
    ['quotas', quotas],
    ['platforms', platforms],
  ] as const) {
    catalogue[resource] = {
      item: await insertCatalogueItem(app, table, `FUZZ ITEM ${resource.toUpperCase()}`),
      victim: await insertCatalogueItem(app, table, `FUZZ VICTIM ${resource.toUpperCase()}`),
    };
  }
  const franchises = (
    await app
      .inject({ method: 'GET', url: '/api/franchises', headers })
      .then((r) => r.json<{ data: { name: string }[] }>())
  ).data.map((row) => row.name);

  // A real keyset position (two leads, pages of one), so `cursor` can be valid too.
  const page = await app.inject({ method: 'GET', url: '/api/leads?limit=1', headers });
  const cursor = page.json<{ next_cursor?: string | null }>().next_cursor;

  const validPathValue = (op: Operation, name: string): string | undefined => {
    const [, , resource] = op.path.split('/');
    const deleting = op.method === 'DELETE' && op.path.endsWith('{id}');
    if (name === 'cnpj') return NUMERIC_CNPJ.replace(/\D/g, '');
    if (name !== 'id') return undefined;
    switch (resource) {
      case 'users':
        return target!.id;
      case 'brands':
        return deleting ? brandVictim.id : brand.id;
      case 'contacts':
        return deleting ? contactVictim.id : contact.id;
      case 'leads':
        return deleting ? leadVictim.id : lead.id;
      case 'offerings':
        return deleting ? offeringVictim : offering;
      default: {
        const items = resource ? catalogue[resource] : undefined;
        return items && (deleting ? items.victim : items.item);
      }
    }
  };

  const hints: Hints = {
    brand_id: fc.constantFrom(brand.id, brandVictim.id),
    vertical: fc.constant(refs.verticalId),
    quota: fc.constant(refs.quotaId),
    platform: fc.constant(refs.platformId),
    // The target user may be deactivated by PATCH /api/users/{id}; the first admin stays active.
    executive: fc.constantFrom(firstAdmin, null),
    lead_id: fc.constant(lead.id),
    cnpj: fc.constantFrom(NUMERIC_CNPJ, ALPHANUMERIC_CNPJ, '11222333000181'),
    email: fc.uuid().map((uuid) => `fuzz-${uuid.slice(0, 13)}@example.com`),
    phone_number: fc.constant('5511999999999'),
    password: fc.constant('segredo-do-fuzz'),
    prospectus_year: fc.constantFrom(2026, 2027, 2028),
    franchise: fc.constantFrom(...franchises),
    franchises: fc.subarray(franchises, { maxLength: 3 }),
    redirect_uri: fc.constant('http://localhost:3000/auth/callback'),
    token: fc.uuid(),
    ...(cursor ? { cursor: fc.constant(cursor) } : {}),
  };

  const tables = await app.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by 1`,
  );
  // The live-update outbox and log change in the background (the sequencer moves the rows of
  // earlier, successful writes): left out. A refused write's own outbox rows are written by
  // triggers inside its transaction and roll back with it.
  const MOVED_IN_THE_BACKGROUND = new Set(['event_outbox', 'events']);
  const tableNames = (tables as unknown as { rows: { tablename: string }[] }).rows
    .map((row) => row.tablename)
    .filter((name) => !MOVED_IN_THE_BACKGROUND.has(name));
  // The periodic chores' own jobs are claimed and put back due in the background (event pruning
  // runs every minute): their rows are left out of the queue's count, the other jobs stay in it.
  const rowsOf = (name: string) =>
    name === 'scheduled_jobs'
      ? `"${name}" where kind not in (${CHORE_JOB_KINDS.map((kind) => `'${kind}'`).join(', ')})`
      : `"${name}"`;
  // Rows and the newest row version (xmin) per table: an insert or delete changes the count, an
  // update the newest xmin; a rolled-back statement changes neither.
  const snapshotSql = sql.raw(
    `select json_build_object(${tableNames
      .map(
        (name) =>
          `'${name}', (select count(*) || '/' || coalesce(max(xmin::text::bigint), 0) from ${rowsOf(name)})`,
      )
      .join(', ')}) as snapshot`,
  );
  const tableSnapshot = async () => {
    const result = (await app.db.execute(snapshotSql)) as unknown as { rows: { snapshot: unknown }[] };
    const snapshot = result.rows[0]!.snapshot;
    return (typeof snapshot === 'string' ? JSON.parse(snapshot) : snapshot) as Record<string, string>;
  };

  return {
    adminHeaders,
    freshAdminHeaders: async () => ({
      authorization: `Bearer ${(await app.issueAccessToken(firstAdmin)).token}`,
    }),
    validPathValue,
    hints,
    realImage: await imageBytes('png', 40, 30),
    tableSnapshot,
  };
}
