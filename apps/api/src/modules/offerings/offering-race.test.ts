import type { Offering } from '@funil/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createPostgresTestDatabase, testDbKind } from '../../../test/build-test-app';
import { createLeadReferences, type LeadReferences } from '../../../test/lead-fixtures';
import { listeningUrl } from '../../../test/listening-url';
import { compareStockWithRecount, createOfferingVia, readOffering } from '../../../test/offering-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { openPostgres } from '../../db/client';
import { leads } from '../../db/schema';

const MOVES = 50;
const UNITS = 5;

/** 50 different cold leads of the offering's key, straight in the database (their creation is not the point). */
async function coldLeads(app: App, refs: LeadReferences): Promise<string[]> {
  const rows = await app.db
    .insert(leads)
    .values(
      Array.from({ length: MOVES }, (_, index) => ({
        brandId: refs.brandId,
        assessment: `Corrida ${index}`,
        verticalId: refs.verticalId,
        platformId: refs.platformId,
        quotaId: refs.quotaId,
        prospectusYear: 2026,
        contractStatus: 'quente' as const,
      })),
    )
    .returning({ id: leads.id });
  return rows.map((row) => row.id);
}

/** What the race left: the answers' statuses and messages, the offering's stock, the leads moved. */
async function expectExactlyFiveMoved(
  app: App,
  reader: SignedIn,
  offering: Offering,
  answers: { status: number; message?: string }[],
) {
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  expect(statuses.filter((status) => status === 200)).toHaveLength(UNITS);
  expect(statuses.filter((status) => status === 409)).toHaveLength(MOVES - UNITS);
  const soldOut = `Cota esgotada: ${offering.quota.label} · ${offering.platform.label} · ${offering.vertical.label} · 2026`;
  for (const answer of answers.filter((each) => each.status === 409)) expect(answer.message).toBe(soldOut);

  expect(await readOffering(app, reader.headers, offering.id)).toMatchObject({
    held: UNITS,
    sold: 0,
    available: 0,
  });
  const [closed] = await app.db
    .select({ total: count() })
    .from(leads)
    .where(and(eq(leads.quotaId, offering.quota.id), eq(leads.contractStatus, 'fechado')));
  expect(closed?.total).toBe(UNITS);
  for (const row of await compareStockWithRecount(app)) expect(row.kept).toEqual(row.counted);
}

describe('50 opportunities moved into a holding status at once against 5 units', () => {
  let app: App;
  let admin: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await signIn(app, { roles: ['admin'] });
  });
  afterAll(() => app.close());

  it('moves exactly 5 and refuses 45 with 409, never a 5xx', async () => {
    const refs = await createLeadReferences(app, admin.headers);
    const offering = await createOfferingVia(app, admin.headers, refs, { quantity: UNITS });
    const ids = await coldLeads(app, refs);
    const answers = await Promise.all(
      ids.map(async (id) => {
        const response = await app.inject({
          method: 'PATCH',
          url: `/api/leads/${id}`,
          headers: admin.headers,
          payload: { contract_status: 'fechado' },
        });
        return { status: response.statusCode, message: response.json<{ message?: string }>().message };
      }),
    );
    await expectExactlyFiveMoved(app, admin, offering, answers);
  });
});

// Two API processes (apps with their own pools) on one PostgreSQL database, the moves split
// between them and sent over HTTP: the guarantee is the database's, so it holds across them.
describe.runIf(testDbKind() === 'postgres')('the same race across two API processes', () => {
  let drop: () => Promise<void>;
  let apps: [App, App];
  let admin: SignedIn;

  beforeAll(async () => {
    const database = await createPostgresTestDatabase({ migrated: true });
    drop = database.drop;
    const open = () => openPostgres(database.url, { max: 10 });
    const env = { JWT_SECRET: 'one-installation-shares-this-secret-0123456789' };
    apps = [await buildTestApp({ db: open(), env }), await buildTestApp({ db: open(), env })];
    admin = await signIn(apps[0], { roles: ['admin'] });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop();
  });

  it('moves exactly 5 and refuses 45 with 409, never a 5xx', async () => {
    const [first, second] = apps;
    const refs = await createLeadReferences(first, admin.headers);
    const offering = await createOfferingVia(first, admin.headers, refs, { quantity: UNITS });
    const ids = await coldLeads(first, refs);
    const urls = [await listeningUrl(first), await listeningUrl(second)];
    const answers = await Promise.all(
      ids.map(async (id, index) => {
        const response = await fetch(`${urls[index % 2]}/api/leads/${id}`, {
          method: 'PATCH',
          headers: { ...admin.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ contract_status: 'fechado' }),
        });
        const body = (await response.json()) as { message?: string };
        return { status: response.status, message: body.message };
      }),
    );
    await expectExactlyFiveMoved(second, admin, offering, answers);
  });
});
