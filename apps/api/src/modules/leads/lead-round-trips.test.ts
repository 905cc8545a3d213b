import {
  brandCreateSchema,
  brandUpdateSchema,
  contactCreateSchema,
  contactUpdateSchema,
  type LeadCreate,
  leadCreateSchema,
  leadListQuerySchema,
} from '@funil/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, testDbKind } from '../../../test/build-test-app';
import { countRoundTrips } from '../../../test/round-trips';
import type { DbHandle } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { franchises, platforms, quotas, verticals } from '../../db/schema';
import { createBrand, updateBrand } from '../brands/brands.service';
import { createContact, updateContact } from '../contacts/contacts.service';
import { createLead, getVersionedLead, listLeads, updateLead } from './leads.service';

// Installed before the database handle opens its pool.
const roundTrips = testDbKind() === 'postgres' ? countRoundTrips() : undefined;

/**
 * The round trips to PostgreSQL of the lead, brand and contact services, on a database handle with
 * no app around it (so no live-update work woken by a commit shares the count).
 */
describe.skipIf(roundTrips === undefined)('round trips to PostgreSQL per service call', () => {
  let handle: DbHandle;
  let body: LeadCreate;
  const seen: Record<string, number> = {};

  const tripsOf = async <T>(label: string, work: () => Promise<T>) => {
    if (!roundTrips) throw new Error('PostgreSQL only');
    const counted = await roundTrips.count(work);
    seen[label] = counted.trips;
    if (process.env.ROUND_TRIPS_LOG) console.info(label, counted.texts);
    return counted;
  };

  beforeAll(async () => {
    handle = await createTestDb();
    const { db } = handle;
    const item = async (table: typeof verticals | typeof quotas | typeof platforms) => {
      const [row] = await db.insert(table).values({ name: 'RT', label: 'RT' }).returning({ id: table.id });
      return row?.id ?? '';
    };
    const brand = await createBrand(
      db,
      brandCreateSchema.parse({ name: 'Marca RT', company_name: 'Empresa Ltda', cnpj: '11.222.333/0001-81' }),
      null,
    );
    await db.insert(franchises).values([{ name: 'Praça 1' }, { name: 'Praça 2' }, { name: 'Praça 3' }]);
    body = leadCreateSchema.parse({
      brand_id: brand.id,
      assessment: 'Q1/2026',
      vertical: await item(verticals),
      quota: await item(quotas),
      platform: await item(platforms),
      prospectus_year: 2026,
      contract_status: 'frio',
    });
  });
  afterAll(async () => {
    console.info('round trips', JSON.stringify(seen));
    await handle.close();
  });

  it('creates a lead in one, and updates it in two: what the write decides on, then the writes and the answer with the commit', async () => {
    const { db } = handle;
    const created = await tripsOf('lead create', () => createLead(db, body, null));
    expect(created.trips).toBe(1);
    // Its eight statements (BEGIN to COMMIT) leave in one write.
    expect(created.writes).toBe(1);
    const withPracas = await tripsOf('lead create with praças', () =>
      createLead(db, { ...body, franchises: ['Praça 1', 'Praça 2'] }, null),
    );
    expect(withPracas.trips).toBe(1);
    const countLeads = async () => rawRows(await db.execute(sql`select count(*)::int as n from leads`));
    const leadsBefore = await countLeads();
    const missing = await tripsOf('lead create refused (400)', () =>
      createLead(db, { ...body, franchises: ['Praça 1', 'Praça que não existe'] }, null).catch(
        (error: unknown) => error,
      ),
    );
    expect(missing.result).toMatchObject({ statusCode: 400, field: 'franchises' });
    // The check, the writes and the COMMIT in one; then the ROLLBACK every refused write sends.
    expect(missing.trips).toBe(2);
    // Sent behind the refused check in the same round trip, the writes changed nothing.
    expect(await countLeads()).toEqual(leadsBefore);
    const id = created.result.id;

    const updated = await tripsOf('lead update', () => updateLead(db, id, { assessment: 'Outra' }, null));
    expect(updated.trips).toBe(2);
    expect(updated.writes).toBe(2);
    expect(
      (await tripsOf('lead move', () => updateLead(db, id, { contract_status: 'quente' }, null))).trips,
    ).toBe(2);
    const moved = await tripsOf('lead move, praças changed', () =>
      updateLead(
        db,
        withPracas.result.id,
        { contract_status: 'morno', franchises: ['Praça 2', 'Praça 3'] },
        null,
      ),
    );
    expect(moved.trips).toBe(2);
    expect(moved.result.record.franchises.toSorted()).toEqual(['Praça 2', 'Praça 3']);
    const refused = await tripsOf('lead update refused (412)', () =>
      updateLead(db, id, { assessment: 'Tarde' }, null, '"0"').catch((error: unknown) => error),
    );
    expect(refused.result).toMatchObject({ statusCode: 412 });
    expect(refused.trips).toBe(2);
  });

  it('reads a lead in one and a page of leads in two (its count, its rows)', async () => {
    const { db } = handle;
    const { id } = await createLead(db, body, null);
    expect((await tripsOf('lead by id', () => getVersionedLead(db, id))).trips).toBe(1);
    expect(
      (await tripsOf('lead page', () => listLeads(db, leadListQuerySchema.parse({ limit: '50' })))).trips,
    ).toBeLessThanOrEqual(2);
  });

  it('plans the lead by id and the first page once per connection (their windows are in the text)', async () => {
    const { db } = handle;
    if (handle.kind !== 'postgres') throw new Error('PostgreSQL only');
    const { id } = await createLead(db, body, null);
    // PostgreSQL plans the first 5 executions on a connection for their values; the page reads its
    // count beside its rows, so the reads share at most a couple of the pool's connections.
    for (let run = 0; run < 20; run++) {
      await getVersionedLead(db, id);
      await listLeads(db, leadListQuerySchema.parse({ limit: '50' }));
    }
    const { rows } = await handle.client.query<{ statement: string; generic_plans: string }>(
      'select statement, generic_plans::text from pg_prepared_statements',
    );
    const genericPlans = (window: RegExp) =>
      rows.filter((row) => window.test(row.statement)).map((row) => Number(row.generic_plans));
    expect(genericPlans(/ limit 1\) "page"/)).toEqual([expect.any(Number)]);
    expect(genericPlans(/ limit 1\) "page"/)[0]).toBeGreaterThan(0);
    expect(genericPlans(/ limit 51\) "page"/)[0]).toBeGreaterThan(0);
  });

  it('writes a brand in one, and updates it or writes a contact in two', async () => {
    const { db } = handle;
    const brand = await tripsOf('brand create', () =>
      createBrand(
        db,
        brandCreateSchema.parse({
          name: 'Outra marca',
          company_name: 'Outra Ltda',
          cnpj: '11.222.333/0001-81',
        }),
        null,
      ),
    );
    const brandUpdate = await tripsOf('brand update', () =>
      updateBrand(db, brand.result.id, brandUpdateSchema.parse({ company_name: 'Mais Uma Ltda' }), null),
    );
    const contact = await tripsOf('contact create', () =>
      createContact(
        db,
        contactCreateSchema.parse({
          brand_id: brand.result.id,
          first_name: 'Ana',
          last_name: 'Souza',
          email: 'ana@marca.com.br',
          phone_number: '5511999999999',
        }),
        null,
      ),
    );
    const contactUpdate = await tripsOf('contact update', () =>
      updateContact(db, contact.result.id, contactUpdateSchema.parse({ first_name: 'Bia' }), null),
    );
    // A brand's create decides nothing: its insert, answer and COMMIT go out with the BEGIN.
    expect(brand.trips).toBe(1);
    expect([brandUpdate.trips, contact.trips, contactUpdate.trips]).toEqual([2, 2, 2]);
  });
});
