import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/build-test-app';
import type { DbHandle } from './client';
import { inventoryRecounts, recountDifferences } from './backfill';
import { databaseRunner } from './backfill-database';
import { DERIVED_DATA, hasRecount, inventoriedTriggers } from './derived-data';
import { rawRows } from './raw-rows';

const repoFile = (path: string) => new URL(`../../../../${path}`, import.meta.url);

/** The "Derived data" section of ARCHITECTURE.md: up to the next second-level heading. */
async function derivedDataSection(): Promise<string> {
  const text = await readFile(repoFile('ARCHITECTURE.md'), 'utf8');
  const start = text.indexOf('\n## Derived data\n');
  expect(start, 'ARCHITECTURE.md has a "Derived data" section').toBeGreaterThanOrEqual(0);
  const next = text.indexOf('\n## ', start + 1);
  return text.slice(start, next < 0 ? undefined : next);
}

describe('the derived data inventory (db/derived-data.ts)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it('names exactly the triggers of the migrated database, each once', async () => {
    const rows = rawRows<{ name: string }>(
      await handle.db.execute(sql`select t.tgname as name from pg_trigger t
        join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where not t.tgisinternal and n.nspname = 'public' order by 1`),
    );
    const inDatabase = rows.map((row) => row.name).sort();
    const listed = inventoriedTriggers();
    expect(new Set(listed).size, 'a trigger listed twice').toBe(listed.length);
    expect(listed).toEqual(inDatabase);
  });

  it('points at decision records and tests that exist', async () => {
    for (const structure of DERIVED_DATA) {
      await expect(readFile(repoFile(`docs/decisions/${structure.decision}`), 'utf8')).resolves.toBeTruthy();
      await expect(readFile(repoFile(structure.test), 'utf8')).resolves.toBeTruthy();
    }
  });

  it('is the table of ARCHITECTURE.md’s "Derived data" section: the same triggers, structures and tests', async () => {
    const section = await derivedDataSection();
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| Structure'));
    const named = (line: string) => [...line.matchAll(/`([a-z0-9_]+)`/g)].map((match) => match[1]);
    const documented = rows.flatMap((line) => named(line.split('|')[2] ?? '')).sort();
    expect(documented).toEqual(inventoriedTriggers());
    for (const structure of DERIVED_DATA) {
      const row = rows.find((line) => structure.triggers.every((name) => line.includes(`\`${name}\``)));
      expect(row, `a row for ${structure.name}`).toBeDefined();
      expect(row).toContain(structure.decision.slice(0, 3));
      expect(row).toContain(structure.test.split('/').at(-1));
    }
  });

  /**
   * The structures with nothing to recount, each for a reason its entry gives. A new structure
   * lands here only by a deliberate edit: one kept by triggers that a backfill turns off needs a
   * recount, or the backfill would leave it behind its source rows.
   */
  const WITHOUT_RECOUNT = [
    'leads.status_changed_at, won_at, lost_at',
    'leads and brands: version',
    'outbox (live events)',
    'notifications: funil_jobs',
    'notifications: session and user changes',
  ];

  it('has a recount for every structure a backfill must recompute, and says why the others have none', () => {
    const without = DERIVED_DATA.filter((structure) => !hasRecount(structure.recount));
    expect(without.map((structure) => structure.name)).toEqual(WITHOUT_RECOUNT);
    for (const structure of without) {
      const { recount } = structure;
      expect(hasRecount(recount) ? '' : recount.none.length, structure.name).toBeGreaterThan(40);
    }
    // A structure whose triggers stay on during a backfill is kept by them: nothing to recount.
    for (const structure of DERIVED_DATA.filter((entry) => entry.duringBackfill === 'on'))
      expect(hasRecount(structure.recount), structure.name).toBe(false);
    const targets = inventoryRecounts().map(({ recount }) => recount.target);
    expect(new Set(targets).size, 'a target recounted twice').toBe(targets.length);
  });

  it('recounts every table a structure names, and each recount reads the migrated schema', async () => {
    const tables = new Set(
      rawRows<{ name: string }>(
        await handle.db.execute(sql`select c.relname as name from pg_class c
          join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`),
      ).map((row) => row.name),
    );
    for (const structure of DERIVED_DATA) {
      if (!hasRecount(structure.recount)) continue;
      const named = (structure.name.match(/[a-z_]+/g) ?? []).filter((word) => tables.has(word));
      const recounted = structure.recount.map((recount) => recount.target.split(/[ .]/)[0]);
      expect(named.length, structure.name).toBeGreaterThan(0);
      for (const table of named) expect(recounted, `${structure.name}: ${table}`).toContain(table);
    }
    // On the empty migrated database, every structure is its recount (and every statement parses).
    for (const { recount } of inventoryRecounts())
      expect((await recountDifferences(databaseRunner(handle.db), recount)).differences).toEqual([]);
  });
});
