import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, createTestDb, testConfig, testDbKind } from '../../test/build-test-app';
import { containsText } from '../lib/like';
import { createDb, type DbHandle } from './client';
import { runMigrations } from './migrate';
import { brands, contacts, franchises, leads, platforms, quotas, verticals } from './schema';

/** Where a fresh, unmigrated database of this project's engine lives, and how to throw it away. */
async function freshTarget() {
  if (testDbKind() === 'postgres') {
    const database = await createPostgresTestDatabase();
    return { config: testConfig({ DATABASE_URL: database.url }), dispose: database.drop };
  }
  return { config: testConfig(), dispose: async () => {} };
}

describe('migrations and persistence', () => {
  it('applies migrations idempotently, seeds franchises once, and keeps data across a restart', async () => {
    const target = await freshTarget();
    try {
      const first = await createDb(target.config);
      expect(first.kind).toBe(testDbKind());
      // Twice in a row, and (on PostgreSQL) twice at once, as several processes starting together.
      await runMigrations(first);
      await runMigrations(first);
      if (first.kind === 'postgres') {
        const second = await createDb(target.config);
        await Promise.all([runMigrations(first), runMigrations(second)]);
        await second.close();
      }
      const [seeded] = await first.db.select({ n: count() }).from(franchises);
      expect(seeded?.n).toBeGreaterThanOrEqual(22);
      const names = (await first.db.select({ name: franchises.name }).from(franchises)).map(
        (row) => row.name,
      );
      expect(names).toEqual(expect.arrayContaining(['São Paulo', 'Goiânia', 'Londrina']));
      await first.db.insert(verticals).values({ name: 'ESPORTE', label: 'ESPORTE' });
      await first.close();

      const reopened = await createDb(target.config);
      await runMigrations(reopened);
      const rows = await reopened.db.select().from(verticals);
      expect(rows.map((row) => row.name)).toEqual(['ESPORTE']);
      const [again] = await reopened.db.select({ n: count() }).from(franchises);
      expect(again?.n).toBe(seeded?.n);
      await reopened.close();
    } finally {
      await target.dispose();
    }
  });
});

describe('schema rules', () => {
  let handle: DbHandle;
  let brandId: string;

  beforeAll(async () => {
    handle = await createTestDb();
    const [brand] = await handle.db
      .insert(brands)
      .values([
        { name: 'Ação São João', companyName: 'Açúcar & Cia LTDA', cnpj: '11222333000181' },
        { name: '100% Natural_Sucos', companyName: 'Sucos SA', cnpj: '11444777000161' },
        { name: 'GOIÂNIA ÉLAN', companyName: 'Élan', cnpj: '11444777000161' },
      ])
      .returning();
    brandId = brand!.id;
  });
  afterAll(() => handle.close());

  const search = async (text: string) =>
    (await handle.db.select({ name: brands.name }).from(brands).where(containsText(brands.name, text)))
      .map((row) => row.name)
      .sort();

  it('searches case- and accent-insensitively', async () => {
    expect(await search('sao')).toEqual(['Ação São João']);
    expect(await search('ACAO SÃO')).toEqual(['Ação São João']);
    expect(await search('goiania elan')).toEqual(['GOIÂNIA ÉLAN']);
  });

  it('treats %, _ and \\ in a search as characters', async () => {
    expect(await search('%')).toEqual(['100% Natural_Sucos']);
    expect(await search('l_s')).toEqual(['100% Natural_Sucos']);
    expect(await search('_')).toEqual(['100% Natural_Sucos']);
    expect(await search('\\')).toEqual([]);
  });

  it('keeps one principal contact per brand', async () => {
    const contact = {
      brandId,
      firstName: 'Ana',
      lastName: 'Lima',
      email: 'ana@x.com',
      phoneNumber: '11999990000',
    };
    await handle.db.insert(contacts).values({ ...contact, flag: 'principal' });
    await handle.db.insert(contacts).values({ ...contact, flag: 'secundario' });
    await expect(handle.db.insert(contacts).values({ ...contact, flag: 'principal' })).rejects.toThrow();
  });

  it('stores money as numeric(14,2) and answers JSON numbers', async () => {
    const [vertical] = await handle.db
      .insert(verticals)
      .values({ name: 'MUSICA', label: 'MÚSICA' })
      .returning();
    const [quota] = await handle.db.insert(quotas).values({ name: 'OURO', label: 'OURO' }).returning();
    const [platform] = await handle.db
      .insert(platforms)
      .values({ name: 'DIGITAL', label: 'DIGITAL' })
      .returning();
    const [lead] = await handle.db
      .insert(leads)
      .values({
        brandId,
        assessment: 'Q1',
        verticalId: vertical!.id,
        quotaId: quota!.id,
        platformId: platform!.id,
        prospectusYear: 2026,
        contractStatus: 'frio',
        credit: 1234567.89,
      })
      .returning();
    const [read] = await handle.db.select().from(leads).where(eq(leads.id, lead!.id));
    expect(read).toMatchObject({ credit: 1234567.89, invest: 0, exchange: false, rouanetLaw: false });
    expect(read?.createdAt).toBeInstanceOf(Date);
    // restrict: a brand with leads cannot be deleted.
    await expect(handle.db.delete(brands).where(eq(brands.id, brandId))).rejects.toThrow();
  });

  it('checks CNPJ digits and contract statuses in the database', async () => {
    await expect(
      handle.db.insert(brands).values({ name: 'X', companyName: 'X', cnpj: '11.222.333/0001-81' }),
    ).rejects.toThrow();
  });
});
