import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import type { App } from '../app';
import { firstNumber, readListRows, readRows } from './read-rows';
import { franchises } from './schema';

describe('reading through kept statements', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const names = (rows: unknown[][]) => rows.map((row) => row[0] as string);
  const byName = (builds: { count: number }) => () => {
    builds.count += 1;
    return {
      query: app.db
        .select({ name: franchises.name })
        .from(franchises)
        .where(eq(franchises.name, sql.placeholder('name'))),
      mapRows: names,
    };
  };

  it('builds a key once and answers each request with its own values, in a transaction too', async () => {
    const builds = { count: 0 };
    const build = byName(builds);
    expect(await readRows(app.db, 'test_franchise_by_name', build, { name: 'Recife' })).toEqual(['Recife']);
    expect(await readRows(app.db, 'test_franchise_by_name', build, { name: 'Belém' })).toEqual(['Belém']);
    expect(await readRows(app.db, 'test_franchise_by_name', build, { name: 'Nenhuma' })).toEqual([]);
    const inTransaction = await app.db.transaction((tx) =>
      readRows(tx, 'test_franchise_by_name', build, { name: 'Recife' }),
    );
    expect(inTransaction).toEqual(['Recife']);
    expect(builds.count).toBe(1);
  });

  it('builds a query without a key for every request', async () => {
    const builds = { count: 0 };
    const build = byName(builds);
    await readRows(app.db, null, build, { name: 'Recife' });
    await readRows(app.db, null, build, { name: 'Recife' });
    expect(builds.count).toBe(2);
  });

  it('reads a list whole or by pages, with its count', async () => {
    const list = readListRows(app.db, {
      key: 'test_franchises',
      values: {},
      count: () => app.db.select({ total: sql<number>`count(*)` }).from(franchises),
      rows: () =>
        app.db.select({ name: franchises.name }).from(franchises).orderBy(franchises.name).$dynamic(),
      mapRows: names,
    });
    const all = await list.rows(null);
    expect(await list.count()).toBe(all.length);
    expect(all.length).toBeGreaterThan(3);
    expect(await list.rows({ limit: 2, offset: 1 })).toEqual(all.slice(1, 3));
    expect(await list.rows({ limit: 2, offset: all.length - 1 })).toEqual(all.slice(-1));
    expect(firstNumber([])).toBe(0);
  });
});
