import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresTestDatabase, createTestDb, tempDir, testDbKind } from '../../test/build-test-app';
import { runCli } from '../../test/run-cli';
import {
  inventoryRecounts,
  type Row,
  recountDifferences,
  rowsOf,
  type SqlRunner,
  transactionControlIn,
} from './backfill';
import { backfill } from './backfill-database';
import { createDb, type DbHandle, PGLITE_EXTENSIONS } from './client';

/** Fixed ids, so that the same load written twice writes the same rows. */
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const V = id(1);
const Q = id(2);
const P = id(3);
const BRAND = id(4);
const LEAD = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((n) => [`L${n}`, id(100 + n)])) as Record<
  `L${1 | 2 | 3 | 4 | 5 | 6 | 7}`,
  string
>;
const praça = (name: string) => `(select id from franchises where name = '${name}')`;
const leadValues = (
  lead: string,
  status: string,
  credit: number,
  createdAt: string,
  extra: { statusChangedAt?: string; wonAt?: string; lostAt?: string; reason?: string; year?: number } = {},
) =>
  `('${lead}', '${BRAND}', 'BF', '${V}', '${Q}', '${P}', ${extra.year ?? 2026}, '${status}', ${credit}, 1,
    '${createdAt}', ${extra.statusChangedAt ? `'${extra.statusChangedAt}'` : 'default'},
    ${extra.wonAt ? `'${extra.wonAt}'` : 'null'}, ${extra.lostAt ? `'${extra.lostAt}'` : 'null'},
    ${extra.reason ? `'${extra.reason}'` : 'null'})`;
const LEAD_COLUMNS = `(id, brand_id, assessment, vertical_id, quota_id, platform_id, prospectus_year,
  contract_status, credit, invest, created_at, status_changed_at, won_at, lost_at, lost_reason)`;

/** Catalogue items, a brand, three leads with praças, a task with a reminder, two offerings. */
const BASE = `
  insert into verticals (id, name, label) values ('${V}', 'BFV', 'BFV');
  insert into quotas (id, name, label) values ('${Q}', 'BFQ', 'BFQ');
  insert into platforms (id, name, label) values ('${P}', 'BFP', 'BFP');
  insert into brands (id, name, company_name, cnpj) values ('${BRAND}', 'Marca BF', 'Marca BF Ltda', '11222333000181');
  insert into leads ${LEAD_COLUMNS} values
    ${leadValues(LEAD.L1, 'frio', 100, '2026-01-05T12:00:00Z', { statusChangedAt: '2026-01-05T12:00:00Z' })},
    ${leadValues(LEAD.L2, 'quente', 250.5, '2026-01-06T12:00:00Z', { statusChangedAt: '2026-02-01T09:00:00Z' })},
    ${leadValues(LEAD.L7, 'assinado', 75, '2026-01-07T12:00:00Z', { statusChangedAt: '2026-01-20T09:00:00Z', wonAt: '2026-01-20T09:00:00Z' })};
  insert into lead_franchises (lead_id, franchise_id) values
    ('${LEAD.L1}', ${praça('Recife')}), ('${LEAD.L1}', ${praça('Salvador')}), ('${LEAD.L7}', ${praça('Recife')});
  insert into tasks (id, title, due_at, remind_at, lead_id) values
    ('${id(201)}', 'Ligar', '2027-01-10T12:00:00Z', '2027-01-09T12:00:00Z', '${LEAD.L1}');
  insert into offerings (id, prospectus_year, vertical_id, platform_id, quota_id, franchise_id, quantity) values
    ('${id(301)}', 2026, '${V}', '${P}', '${Q}', null, 100),
    ('${id(302)}', 2026, '${V}', '${P}', '${Q}', ${praça('Recife')}, 100);
`;

/**
 * Creates leads (won and lost at creation, one won when the load says, one with no stamp given),
 * links praças, moves two leads (one into a loss with its reason), edits, deletes a lead with its
 * praças, adds tasks with and without a reminder, completes the reminded one, adds an offering.
 */
const LOAD = `
  insert into leads ${LEAD_COLUMNS} values
    ${leadValues(LEAD.L3, 'assinado', 1000, '2026-03-01T10:00:00Z', { statusChangedAt: '2026-03-01T10:00:00Z' })},
    ${leadValues(LEAD.L4, 'declinado', 200.5, '2026-03-02T10:00:00Z', { statusChangedAt: '2026-03-02T10:00:00Z', reason: 'Sem verba' })},
    ${leadValues(LEAD.L5, 'assinado', 300, '2026-03-03T10:00:00Z', { statusChangedAt: '2026-03-20T10:00:00Z', wonAt: '2026-04-01T00:00:00Z' })},
    ${leadValues(LEAD.L6, 'fechado', 50, '2026-03-04T10:00:00Z')};
  insert into lead_franchises (lead_id, franchise_id) values
    ('${LEAD.L3}', ${praça('Recife')}), ('${LEAD.L3}', ${praça('São Paulo')}), ('${LEAD.L6}', ${praça('Recife')});
  update leads set contract_status = 'assinado' where id = '${LEAD.L2}';
  update leads set contract_status = 'declinado', lost_reason = 'Prazo' where id = '${LEAD.L1}';
  update leads set credit = credit + 1, prospectus_year = 2027 where id = '${LEAD.L5}';
  delete from leads where id = '${LEAD.L7}';
  insert into tasks (id, title, due_at, remind_at, lead_id, brand_id) values
    ('${id(202)}', 'Enviar proposta', '2027-02-01T12:00:00Z', '2027-01-31T12:00:00Z', '${LEAD.L3}', null),
    ('${id(203)}', 'Revisar', '2027-03-01T12:00:00Z', null, null, '${BRAND}'),
    ('${id(204)}', 'Cobrar', '2027-02-15T12:00:00Z', null, '${LEAD.L3}', null);
  update tasks set done = true, done_at = '2026-06-01T00:00:00Z' where id = '${id(201)}';
  insert into offerings (id, prospectus_year, vertical_id, platform_id, quota_id, franchise_id, quantity) values
    ('${id(303)}', 2026, '${V}', '${P}', '${Q}', ${praça('São Paulo')}, 10);
`;

/** A value written during the test (now(), clock_timestamp()): the same in two runs moments apart. */
const RECENT_MS = 15 * 60_000;
const isRecent = (value: unknown, withinMs = RECENT_MS) =>
  value instanceof Date && Math.abs(value.getTime() - Date.now()) < withinMs;
/**
 * A row with those values as "recent"; and on today's rows of the report, the days from creation
 * to a win written now, which differ by the moments between two runs (the recount tests check them).
 */
const normalised = (row: Row) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => {
        if (key === 'won_days' && isRecent(row.day, 2 * 86_400_000)) return [key, 'recent'];
        return [key, isRecent(value) ? 'recent' : value];
      }),
    ),
  );

/** Every recounted structure as kept, and the leads' stamps: rows as sorted text. */
async function snapshot(runner: SqlRunner): Promise<Record<string, string[]>> {
  const state: Record<string, string[]> = {};
  for (const { recount } of inventoryRecounts())
    state[recount.target] = rowsOf(await runner.query(recount.kept))
      .map(normalised)
      .sort();
  state.stamps = rowsOf(
    await runner.query(`select id, contract_status, status_changed_at, won_at, lost_at, lost_reason
      from leads order by id`),
  ).map(normalised);
  return state;
}

const count = async (runner: SqlRunner, table: string) =>
  Number(rowsOf(await runner.query(`select count(*)::int as n from ${table}`))[0]?.n);

/** The inventory's triggers that are not enabled. */
const triggersNotEnabled = async (runner: SqlRunner) =>
  rowsOf(
    await runner.query(`select tgname from pg_trigger
      where not tgisinternal and tgenabled <> 'O' order by 1`),
  ).map((row) => row.tgname);

/** The database's own connection (PGlite) or pool (PostgreSQL), outside any backfill. */
const runnerOf = (handle: DbHandle): SqlRunner =>
  handle.kind === 'pglite' ? { query: (text) => handle.client.exec(text) } : handle.client;

/** Runs `work` in a transaction of its own, then rolls it back. */
async function thenRollBack(handle: DbHandle, work: (tx: SqlRunner) => Promise<void>): Promise<void> {
  const undo = new Error('roll back');
  if (handle.kind === 'pglite') {
    await handle.client
      .transaction(async (tx) => {
        await work({ query: (text) => tx.exec(text) });
        throw undo;
      })
      .catch((error: unknown) => {
        if (error !== undo) throw error;
      });
    return;
  }
  const client = await handle.client.connect();
  try {
    await client.query('begin');
    await work(client);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

describe('backfill (derived-data triggers off during a load, structures recounted)', () => {
  let handle: DbHandle;
  let db: SqlRunner;
  beforeAll(async () => {
    handle = await createTestDb();
    db = runnerOf(handle);
    await db.query(BASE);
  });
  afterAll(() => handle.close());

  const expectEveryStructureExact = async () => {
    for (const { recount } of inventoryRecounts()) {
      const { differences } = await recountDifferences(db, recount);
      expect(differences, recount.target).toEqual([]);
    }
  };

  it('leaves every structure and stamp as the triggers leave them for the same load, writing no outbox row', async () => {
    await expectEveryStructureExact();
    let byTriggers: Record<string, string[]> = {};
    let outboxByTriggers = 0;
    await thenRollBack(handle, async (tx) => {
      const outbox = await count(tx, 'event_outbox');
      await tx.query(LOAD);
      byTriggers = await snapshot(tx);
      outboxByTriggers = (await count(tx, 'event_outbox')) - outbox;
    });
    expect(outboxByTriggers, 'the same load written normally is streamed').toBeGreaterThan(0);

    const outboxBefore = await count(db, 'event_outbox');
    const lines: string[] = [];
    const report = await backfill(handle, (tx) => tx.query(LOAD).then(() => {}), {
      log: (line) => lines.push(line),
    });
    expect(await snapshot(db)).toEqual(byTriggers);
    await expectEveryStructureExact();
    expect(await count(db, 'event_outbox')).toBe(outboxBefore);
    expect(await triggersNotEnabled(db)).toEqual([]);

    // Created: won (L3) and lost (L4) at creation; L5 keeps the win the load gave it; moved: L1, L2.
    expect(report.stamped).toEqual({ created: 2, moved: 2 });
    expect(report.recounted.map((done) => done.target)).toEqual(
      inventoryRecounts().map(({ recount }) => recount.target),
    );
    expect(report.recounted.find((done) => done.target === 'lead_franchise_statuses')?.rows).toBe(5);
    expect(lines.some((line) => line.includes('recounted lead_totals'))).toBe(true);
    const [stock] = rowsOf(
      await db.query(`select held, sold from offering_stock where offering_id = '${id(301)}'`),
    );
    // National: L6 held (fechado); L2 and L3 sold (L5 moved to 2027).
    expect(stock).toEqual({ held: 1, sold: 2 });
  });

  it('keeps the stamps a load writes with a move, where the trigger would stamp the moment', async () => {
    await backfill(handle, async (tx) => {
      await tx.query(`update leads set contract_status = 'cancelado', lost_at = '2026-05-05T05:00:00Z',
        status_changed_at = '2026-05-05T05:00:00Z', lost_reason = 'Concorrente' where id = '${LEAD.L6}'`);
    });
    const [lead] = rowsOf(
      await db.query(
        `select status_changed_at, won_at, lost_at, lost_reason from leads where id = '${LEAD.L6}'`,
      ),
    );
    expect(lead).toEqual({
      status_changed_at: new Date('2026-05-05T05:00:00Z'),
      won_at: null,
      lost_at: new Date('2026-05-05T05:00:00Z'),
      lost_reason: 'Concorrente',
    });
    await expectEveryStructureExact();
  });

  it('rolls a failing load back whole: nothing written, the triggers on', async () => {
    const before = await snapshot(db);
    const leads = await count(db, 'leads');
    await expect(
      backfill(handle, async (tx) => {
        await tx.query(`insert into leads ${LEAD_COLUMNS} values
          ${leadValues(id(150), 'frio', 1, '2026-05-01T00:00:00Z')}`);
        await tx.query('select 1 / 0');
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await count(db, 'leads')).toBe(leads);
    expect(await snapshot(db)).toEqual(before);
    expect(await triggersNotEnabled(db)).toEqual([]);
  });

  it('refuses a load that oversells an active offering, as the triggers refuse the write', async () => {
    const leads = await count(db, 'leads');
    await expect(
      backfill(handle, async (tx) => {
        await tx.query(`insert into offerings (id, prospectus_year, vertical_id, platform_id, quota_id, quantity)
          values ('${id(304)}', 2028, '${V}', '${P}', '${Q}', 1)`);
        await tx.query(`insert into leads ${LEAD_COLUMNS} values
          ${leadValues(id(151), 'fechado', 1, '2026-05-01T00:00:00Z', { year: 2028 })},
          ${leadValues(id(152), 'assinado', 1, '2026-05-01T00:00:00Z', { year: 2028 })}`);
      }),
    ).rejects.toThrow(/sold out/);
    expect(await count(db, 'leads')).toBe(leads);
    expect(await triggersNotEnabled(db)).toEqual([]);
  });

  it('recounts only, after a structure was damaged by hand', async () => {
    await db.query(`update lead_totals set lead_count = lead_count + 5;
      delete from lead_franchise_statuses where lead_id = '${LEAD.L3}';
      update leads set open_tasks = 9 where id = '${LEAD.L1}';
      delete from scheduled_jobs where kind = 'task_reminder'`);
    const damaged = await Promise.all(
      inventoryRecounts().map(
        async ({ recount }) => (await recountDifferences(db, recount)).differences.length,
      ),
    );
    expect(damaged.filter((differences) => differences > 0).length).toBeGreaterThanOrEqual(4);
    const report = await backfill(handle, undefined);
    expect(report.stamped).toBeNull();
    await expectEveryStructureExact();
    expect(await triggersNotEnabled(db)).toEqual([]);
  });

  it.runIf(testDbKind() === 'postgres')(
    'makes writers of the backfilled tables wait until it commits, and lets readers read',
    async () => {
      if (handle.kind !== 'postgres') return;
      const other = await handle.client.connect();
      try {
        await other.query("set lock_timeout = '300ms'");
        await backfill(handle, async () => {
          const read = await other.query('select count(*)::int as n from lead_totals');
          expect(read.rows[0]?.n).toBeGreaterThan(0);
          await expect(
            other.query(`update leads set credit = credit where id = '${LEAD.L3}'`),
          ).rejects.toThrow(/lock timeout/);
          await expect(other.query(`delete from tasks where id = '${id(299)}'`)).rejects.toThrow(
            /lock timeout/,
          );
        });
        await other.query(`update leads set credit = credit where id = '${LEAD.L3}'`);
      } finally {
        await other.query('reset lock_timeout');
        other.release();
      }
    },
  );

  it.runIf(testDbKind() === 'postgres')(
    'puts things right when a load commits inside it: structures recounted, triggers on',
    async () => {
      await expect(
        backfill(handle, async (tx) => {
          await tx.query(`update leads set credit = credit + 1 where id = '${LEAD.L3}'; commit;
            update leads set credit = credit + 1000 where id = '${LEAD.L3}'`);
        }),
      ).rejects.toThrow(/ended the backfill’s transaction/);
      expect(await triggersNotEnabled(db)).toEqual([]);
      await expectEveryStructureExact();
    },
  );

  it('knows the statements that would end its transaction', () => {
    expect(transactionControlIn('insert into t values (1); commit;')).toBe('commit');
    expect(transactionControlIn('BEGIN; insert into t values (1)')).toBe('begin');
    expect(transactionControlIn('savepoint a; rollback to savepoint a; release a')).toBeUndefined();
    expect(
      transactionControlIn(`do $$ begin perform 1; end $$; select 'commit; begin'; -- commit
        /* rollback; */ create function f() returns void language plpgsql as $body$ begin end $body$`),
    ).toBeUndefined();
    expect(transactionControlIn('select 1;\n  end;')).toBe('end');
  });
});

describe('db:backfill (the command)', () => {
  it('runs a SQL file as a backfill, recounts only, and refuses what it cannot run', async () => {
    const dataDir = tempDir();
    // Migrated already (the run's template), as a deployed database is: the command's own
    // migration step then has nothing to do.
    if (testDbKind() === 'pglite') {
      const template = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
      const pglite = await PGlite.create(join(dataDir, 'db'), {
        loadDataDir: template,
        extensions: PGLITE_EXTENSIONS,
      });
      await pglite.close();
    }
    const postgres =
      testDbKind() === 'postgres' ? await createPostgresTestDatabase({ migrated: true }) : undefined;
    const env = { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
    try {
      const file = join(tempDir(), 'load.sql');
      writeFileSync(file, `${BASE}\n${LOAD}`);
      const loaded = await runCli('src/cli/backfill.ts', [file], env);
      expect(loaded.stderr).toBe('');
      expect(loaded.code, JSON.stringify(loaded)).toBe(0);
      expect(loaded.stdout).toMatch(/^ {2}recounted lead_totals: \d+ rows, \d+ ms$/m);
      expect(loaded.stdout).toMatch(/status stamps filled: 4 leads created, 0 moved/);
      expect(loaded.stdout).toMatch(/^Backfill committed/m);

      const recounted = await runCli('src/cli/backfill.ts', ['--recount-only'], env);
      expect(recounted.stderr).toBe('');
      expect(recounted.code, JSON.stringify(recounted)).toBe(0);
      expect(recounted.stdout).toMatch(/recounted offering_stock: 3 rows/);

      const committing = join(tempDir(), 'commit.sql');
      writeFileSync(committing, `delete from leads;\ncommit;\n`);
      const refused = await runCli('src/cli/backfill.ts', [committing], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/"commit"/);
      const usage = await runCli('src/cli/backfill.ts', [], env);
      expect(usage.code).toBe(1);
      expect(usage.stderr).toMatch(/Usage: npm run db:backfill/);
      const missing = await runCli('src/cli/backfill.ts', [join(dataDir, 'none.sql')], env);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/none\.sql/);

      const check = await createDb({ databaseUrl: postgres?.url, dataDir });
      try {
        const runner = runnerOf(check);
        expect(await count(runner, 'leads')).toBe(6);
        expect(await count(runner, 'event_outbox')).toBe(0);
        for (const { recount } of inventoryRecounts())
          expect((await recountDifferences(runner, recount)).differences, recount.target).toEqual([]);
      } finally {
        await check.close();
      }
    } finally {
      await postgres?.drop();
    }
  }, 240_000);
});
