import { DERIVED_DATA, type DerivedStructure, hasRecount, type Recount } from './derived-data';

/**
 * A backfill: a bulk load (a migration of old data, a repair, the benchmark's million leads) run
 * in one transaction with the derived-data triggers off, the derived structures then recomputed
 * set-based from their source rows, and the triggers back on, all before the commit:
 *
 * 1. The tables of every trigger the inventory (derived-data.ts) marks `off` during a backfill
 *    are locked in SHARE ROW EXCLUSIVE mode, the mode `ALTER TABLE … DISABLE TRIGGER` takes, and
 *    their triggers disabled. Until the commit every writer of those tables (leads, their praças,
 *    tasks, offerings, brands, contacts, notes, the pipeline settings) waits: that is the point, no
 *    write can slip past its triggers while they are off. Readers go on, and see the structures
 *    as they were until the commit.
 * 2. The load runs (a callback given the transaction, or a SQL file for the CLI). It writes no
 *    outbox rows: its rows are where the live streams' readers start, not changes to stream.
 * 3. The leads' status stamps are filled where the load left them to the triggers (see
 *    fillStatusStamps), then every structure is recounted (each `recount` of the inventory, in
 *    order), which also refuses an active offering with more holders than units.
 * 4. The triggers are enabled again. ALTER TABLE is transactional: if anything fails, the caller's
 *    rollback brings back the triggers' state with everything else, and nothing of the load stays.
 *
 * This module works on any runner of SQL text (no parameters), so that the benchmark's generator
 * can use it on its own connection; backfill-database.ts runs it on the app's database handle.
 */

/**
 * Runs one SQL text, which may hold several statements without parameters, and answers the
 * driver's result: a node-postgres client and a PGlite transaction's `exec` both are runners.
 */
export type SqlRunner = { query: (text: string) => Promise<unknown> };

export type Row = Record<string, unknown>;

/**
 * The rows of a runner's result: node-postgres answers a result (an array of them for several
 * statements), PGlite's `exec` an array of results; the last statement's rows.
 */
export function rowsOf(result: unknown): Row[] {
  const last: unknown = Array.isArray(result) ? result.at(-1) : result;
  return (last as { rows?: Row[] } | undefined)?.rows ?? [];
}

/** A load the backfill must refuse or could not finish; the message is for an operator. */
export class BackfillError extends Error {}

/** What a recount of one part of a structure did: its rows afterwards, and its time. */
export type RecountDone = { structure: string; target: string; rows: number; ms: number };

export type BackfillReport = {
  /** The leads whose status stamps were filled (null when there was no load). */
  stamped: { created: number; moved: number } | null;
  recounted: RecountDone[];
  /** The triggers that were off during the load, and are on again. */
  triggersOff: number;
  ms: number;
};

export type BackfillOptions = {
  /** A line per step, with its time. */
  log?: (line: string) => void;
};

/** The load: writes through the backfill's transaction. */
export type BackfillLoad = (tx: SqlRunner) => Promise<void>;

/** The structures whose triggers a backfill turns off. */
export const structuresOffDuringBackfill = (): DerivedStructure[] =>
  DERIVED_DATA.filter((structure) => structure.duringBackfill === 'off');

/** Every recount of the inventory, in order, with the structure it belongs to. */
export const inventoryRecounts = (): { structure: string; recount: Recount }[] =>
  DERIVED_DATA.flatMap((structure) =>
    hasRecount(structure.recount)
      ? structure.recount.map((recount) => ({ structure: structure.name, recount }))
      : [],
  );

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;
const since = (started: number) => Math.round(performance.now() - started);

/** Each table with the triggers of `names` on it; throws when one of them is not in the database. */
async function tablesOfTriggers(tx: SqlRunner, names: readonly string[]): Promise<Map<string, string[]>> {
  const rows = rowsOf(
    await tx.query(`select c.relname as table_name, t.tgname as trigger_name
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and n.nspname = 'public'
        and t.tgname in (${names.map(quoteLiteral).join(', ')})
      order by 1, 2`),
  );
  const found = new Set(rows.map((row) => String(row.trigger_name)));
  const missing = names.filter((name) => !found.has(name));
  if (missing.length > 0)
    throw new BackfillError(
      `The database has no trigger ${missing.join(', ')}: is it migrated, with the inventory of this version?`,
    );
  const byTable = new Map<string, string[]>();
  for (const row of rows) {
    const table = String(row.table_name);
    byTable.set(table, [...(byTable.get(table) ?? []), String(row.trigger_name)]);
  }
  return byTable;
}

async function setTriggers(tx: SqlRunner, byTable: Map<string, string[]>, state: 'enable' | 'disable') {
  for (const [table, triggers] of byTable) {
    const actions = triggers.map((name) => `${state} trigger ${quoteIdent(name)}`).join(', ');
    await tx.query(`alter table ${quoteIdent(table)} ${actions}`);
  }
}

/** The transaction's id; a load that commits or rolls back (and goes on) changes it. */
async function transactionId(tx: SqlRunner): Promise<string> {
  return String(rowsOf(await tx.query('select txid_current()::text as id'))[0]?.id);
}

/** The stamps as they were before the load, kept to tell which leads the load created or moved. */
const STAMPS_BEFORE = 'backfill_lead_stamps';

/**
 * The leads' status stamps, as their triggers (migration 0020) would have written them during
 * the load, except what the load wrote itself:
 * - a lead the load created, signed or lost, was won or lost at its creation (`created_at`),
 *   unless the load gave it `won_at` or `lost_at` (a lead the load created and then moved counts
 *   as created in the status it ends in: the moves between are not seen);
 * - a lead the load moved to another status entered it now (`status_changed_at`, unless the load
 *   changed that itself), is won now if it is signed and lost now if it is declined or cancelled
 *   (unless the load changed `won_at` or `lost_at` itself), and loses its loss reason if it is not
 *   lost. A lead moved and moved back by the load has not moved.
 */
async function fillStatusStamps(tx: SqlRunner): Promise<{ created: number; moved: number }> {
  const created = rowsOf(
    await tx.query(`with filled as (
        update leads l set
          won_at = coalesce(l.won_at, case when l.contract_status = 'assinado' then l.created_at end),
          lost_at = coalesce(l.lost_at, case when l.contract_status in ('declinado', 'cancelado') then l.created_at end)
        where not exists (select 1 from ${STAMPS_BEFORE} b where b.id = l.id)
          and ((l.contract_status = 'assinado' and l.won_at is null)
            or (l.contract_status in ('declinado', 'cancelado') and l.lost_at is null))
        returning 1
      ) select count(*)::int as n from filled`),
  )[0]?.n;
  const moved = rowsOf(
    await tx.query(`with moved as (
        select l.id, s.at,
          case when l.won_at is distinct from b.won_at then l.won_at
            when l.contract_status = 'assinado' then s.at end as won_at,
          case when l.lost_at is distinct from b.lost_at then l.lost_at
            when l.contract_status in ('declinado', 'cancelado') then s.at end as lost_at
        from leads l
          join ${STAMPS_BEFORE} b on b.id = l.id
          cross join lateral (select case when l.status_changed_at is distinct from b.status_changed_at
            then l.status_changed_at else clock_timestamp() end as at) as s
        where l.contract_status is distinct from b.contract_status
      ), filled as (
        update leads l set status_changed_at = m.at, won_at = m.won_at, lost_at = m.lost_at,
          lost_reason = case when m.lost_at is null then null else l.lost_reason end
        from moved m where m.id = l.id
        returning 1
      ) select count(*)::int as n from filled`),
  )[0]?.n;
  return { created: Number(created ?? 0), moved: Number(moved ?? 0) };
}

/** Runs every recount of the inventory, in order. */
async function recountAll(tx: SqlRunner, log: (line: string) => void): Promise<RecountDone[]> {
  const done: RecountDone[] = [];
  for (const { structure, recount } of inventoryRecounts()) {
    const started = performance.now();
    for (const statement of recount.apply) await tx.query(statement);
    const rows = Number(
      rowsOf(await tx.query(`select count(*)::bigint as n from (${recount.kept}) as kept`))[0]?.n ?? 0,
    );
    const ms = since(started);
    done.push({ structure, target: recount.target, rows, ms });
    log(`  recounted ${recount.target}: ${rows.toLocaleString('en')} rows, ${ms} ms`);
  }
  return done;
}

/**
 * Runs `load` (none: only recount, after a repair by hand) as a backfill, inside the caller's
 * transaction on `tx`: the caller begins it before and commits it after, or rolls it back if this
 * throws. Nothing else may use `tx` meanwhile.
 */
export async function backfillInTransaction(
  tx: SqlRunner,
  load: BackfillLoad | undefined,
  options: BackfillOptions = {},
): Promise<BackfillReport> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const off = structuresOffDuringBackfill().flatMap((structure) => structure.triggers);
  const byTable = await tablesOfTriggers(tx, off);
  // Every table at once, before any trigger is touched: one wait for the writers in flight.
  await tx.query(`lock table ${[...byTable.keys()].map(quoteIdent).join(', ')} in share row exclusive mode`);
  await setTriggers(tx, byTable, 'disable');
  log(`  ${off.length} triggers off on ${byTable.size} tables`);

  let stamped: BackfillReport['stamped'] = null;
  if (load) {
    await tx.query(`create temporary table ${STAMPS_BEFORE} on commit drop as
      select id, contract_status, status_changed_at, won_at, lost_at from leads`);
    const before = await transactionId(tx);
    const loadStarted = performance.now();
    await load(tx);
    if ((await transactionId(tx)) !== before) {
      // Its COMMIT made the disabled triggers permanent, with what it wrote before: put that right
      // at once, in a transaction of its own (what the load began after its COMMIT is undone).
      await tx.query('rollback');
      await tx.query('begin');
      await backfillInTransaction(tx, undefined, options);
      await tx.query('commit');
      throw new BackfillError(
        'The load ended the backfill’s transaction (a COMMIT or ROLLBACK): what it wrote before that is ' +
          'committed; every structure was recounted from it and the triggers are on again. Remove the ' +
          'transaction statements from the load.',
      );
    }
    log(`  load: ${since(loadStarted)} ms`);
    const stampStarted = performance.now();
    stamped = await fillStatusStamps(tx);
    await tx.query(`drop table ${STAMPS_BEFORE}`);
    log(
      `  status stamps filled: ${stamped.created} leads created, ${stamped.moved} moved, ${since(stampStarted)} ms`,
    );
  }
  const recounted = await recountAll(tx, log);
  await setTriggers(tx, byTable, 'enable');
  return { stamped, recounted, triggersOff: off.length, ms: since(started) };
}

/**
 * The rows where a structure's kept and counted forms differ (`side` tells which one has the
 * row): none when the triggers (or a backfill) kept it exact. Compared by value in the database.
 */
export async function recountDifferences(
  runner: SqlRunner,
  recount: Recount,
): Promise<{ kept: number; differences: Row[] }> {
  const [count] = rowsOf(await runner.query(`select count(*)::int as n from (${recount.kept}) as kept`));
  const differences = rowsOf(
    await runner.query(`select 'kept, not counted' as side, * from ((${recount.kept}) except all (${recount.counted})) as a
      union all
      select 'counted, not kept', * from ((${recount.counted}) except all (${recount.kept})) as b`),
  );
  return { kept: Number(count?.n ?? 0), differences };
}

/**
 * The statement of a SQL text that would end its transaction (BEGIN, COMMIT, ROLLBACK, END,
 * ABORT, START TRANSACTION, PREPARE TRANSACTION), if any: a backfill's load must run inside the
 * backfill's transaction. Comments, quoted strings and identifiers and dollar-quoted bodies (a
 * function's BEGIN … END) are skipped.
 */
export function transactionControlIn(text: string): string | undefined {
  const code = text.replace(
    /--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"(?:[^"]|"")*"|(\$[A-Za-z_0-9]*\$)[\s\S]*?\1/g,
    ' ',
  );
  for (const statement of code.split(';')) {
    const words = statement.trim().toLowerCase().split(/\s+/);
    const [first, second] = words;
    if (first === undefined || first === '') continue;
    // ROLLBACK TO SAVEPOINT stays inside the transaction.
    if (first === 'rollback' && second === 'to') continue;
    if (['begin', 'commit', 'rollback', 'end', 'abort'].includes(first)) return words.slice(0, 2).join(' ');
    if ((first === 'start' || first === 'prepare') && second === 'transaction') return `${first} ${second}`;
  }
  return undefined;
}
