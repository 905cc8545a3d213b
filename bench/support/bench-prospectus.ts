import type pg from 'pg';

/** The assessment of the race's leads: what finds them again after a run that stopped half-way. */
export const RACE_ASSESSMENT = 'BENCH-RACE';

/** The holding statuses, as the stock triggers read them. */
const HOLDING = 'select contract_status from pipeline_statuses where holds_quota';

/** Deletes every offering (their stock goes with them; the opportunities keep their status). */
export async function deleteOfferings(client: pg.ClientBase): Promise<number> {
  const { rowCount } = await client.query('delete from offerings');
  return rowCount ?? 0;
}

export type CreatedOfferings = { national: number; regional: number; ms: number };

/**
 * `count` offerings in one INSERT … SELECT over the generated catalogue: every (year, vertical,
 * platform, quota) group nationally first, then praça offerings of those groups, spread over the
 * praças and the groups by a hash of their key, until `count`. Each offering's quantity is its
 * current holders, read from the running totals (lead_totals nationally, lead_franchise_totals
 * per praça), plus 3 to 10, since the insert trigger refuses fewer units than holders; its table
 * price 2,500 to 100,000. Timed as one statement, its triggers included.
 */
export async function createOfferings(client: pg.ClientBase, count: number): Promise<CreatedOfferings> {
  const started = performance.now();
  const { rows } = await client.query<{ national: string; regional: string }>(
    `with groups as (
        select y.prospectus_year, v.id as vertical_id, p.id as platform_id, q.id as quota_id
        from (select distinct prospectus_year from lead_totals) as y
          cross join verticals v cross join platforms p cross join quotas q
      ),
      keyed as (
        select g.*, null::uuid as franchise_id from groups g
        union all
        select g.*, f.id from groups g cross join franchises f
      ),
      chosen as (
        select k.*, row_number() over (order by k.franchise_id is not null,
          md5(concat_ws(':', k.prospectus_year, k.vertical_id, k.platform_id, k.quota_id, k.franchise_id))) as n
        from keyed k
      ),
      inserted as (
        insert into offerings (prospectus_year, vertical_id, platform_id, quota_id, franchise_id, quantity, list_price)
        select c.prospectus_year, c.vertical_id, c.platform_id, c.quota_id, c.franchise_id,
          least(10000, holders.n + 3 + c.n % 8), (1 + c.n % 40) * 2500.00
        from chosen c
        cross join lateral (
          select coalesce(sum(t.lead_count), 0) as n from (
            select lead_count from lead_totals t
            where c.franchise_id is null and t.contract_status in (${HOLDING})
              and t.prospectus_year = c.prospectus_year and t.vertical_id = c.vertical_id
              and t.platform_id = c.platform_id and t.quota_id = c.quota_id
            union all
            select lead_count from lead_franchise_totals t
            where t.franchise_id = c.franchise_id and t.contract_status in (${HOLDING})
              and t.prospectus_year = c.prospectus_year and t.vertical_id = c.vertical_id
              and t.platform_id = c.platform_id and t.quota_id = c.quota_id
          ) as t
        ) as holders
        where c.n <= $1
        returning franchise_id
      )
      select count(*) filter (where franchise_id is null) as national,
        count(*) filter (where franchise_id is not null) as regional
      from inserted`,
    [count],
  );
  const ms = performance.now() - started;
  return { national: Number(rows[0]?.national ?? 0), regional: Number(rows[0]?.regional ?? 0), ms };
}

/**
 * Statistics of the new offerings, as autovacuum gathers them within a minute of a bulk insert:
 * without them the planner takes the prospectus's 2,000 rows for a handful and plans the summary's
 * joins with the leads as nested loops (minutes at a million leads instead of seconds).
 */
export async function analyzeOfferings(client: pg.ClientBase): Promise<void> {
  await client.query('analyze offerings');
  await client.query('analyze offering_stock');
}

/**
 * Waits until no other statement runs on the database (a slow scenario's statements go on after
 * its load has stopped, until the server's statement timeout), so the next measurement starts on
 * a quiet database and a free pool. Polled: a bench script, not a test.
 */
export async function databaseQuiet(client: pg.ClientBase, timeoutMs = 60_000): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity
       where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    if (Number(rows[0]?.n ?? 0) === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * Waits until the server has sequenced the outbox (the offerings' creation writes one event each),
 * so the measurements after it do not share the machine with that work. Polled: a bench script,
 * not a test.
 */
export async function outboxDrained(client: pg.ClientBase, timeoutMs = 60_000): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from event_outbox');
    if (Number(rows[0]?.n ?? 0) === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** The lead read under load: one in a holding status with praças (its stock has the most rows). */
export async function sampleLeadId(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `select l.id from leads l
     where l.contract_status = 'fechado' and l.prospectus_year = 2027
       and (select count(*) from lead_franchises lf where lf.lead_id = l.id) >= 2
     order by l.id limit 1`,
  );
  if (!rows[0]) throw new Error('no lead in fechado with two praças in 2027');
  return rows[0].id;
}

export type RaceSetup = { offeringIds: string[]; leadIds: string[] };

/**
 * For each of `offerings` national offerings of `year`: `leadsEach` new leads of its key in frio
 * (holding nothing, no praças), and its quantity set so that exactly `available` units are left.
 * Leads left by a run that stopped before putting them back are deleted first.
 */
export async function prepareRace(
  client: pg.ClientBase,
  {
    year,
    offerings,
    leadsEach,
    available,
  }: { year: number; offerings: number; leadsEach: number; available: number },
): Promise<RaceSetup> {
  await removeRaceLeads(client);
  const picked = await client.query<{ id: string }>(
    `select id from offerings
     where franchise_id is null and prospectus_year = $1 and status = 'active'
     order by id limit $2`,
    [year, offerings],
  );
  const offeringIds = picked.rows.map((row) => row.id);
  if (offeringIds.length < offerings)
    throw new Error(`only ${offeringIds.length} national offerings in ${year}`);
  const inserted = await client.query<{ id: string; key: string }>(
    `insert into leads (brand_id, assessment, vertical_id, quota_id, platform_id, prospectus_year,
        contract_status, credit)
     select (select id from brands order by id limit 1), $3, o.vertical_id, o.quota_id, o.platform_id,
       o.prospectus_year, 'frio', 10000
     from offerings o cross join generate_series(1, $2)
     where o.id = any ($1::uuid[])
     returning id, concat_ws(':', prospectus_year, vertical_id, platform_id, quota_id) as key`,
    [offeringIds, leadsEach, RACE_ASSESSMENT],
  );
  await client.query(
    `update offerings o set quantity = s.held + s.sold + $2
     from offering_stock s where s.offering_id = o.id and o.id = any ($1::uuid[])`,
    [offeringIds, available],
  );
  return { offeringIds, leadIds: interleaved(inserted.rows) };
}

/**
 * The leads one offering after another (the first lead of each, then the second of each…), so the
 * burst's first requests are spread over every offering rather than queued on the first one's lock.
 */
function interleaved(rows: { id: string; key: string }[]): string[] {
  const byKey = new Map<string, string[]>();
  for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row.id]);
  const groups = [...byKey.values()];
  const longest = Math.max(0, ...groups.map((ids) => ids.length));
  return Array.from({ length: longest }, (_, index) =>
    groups.flatMap((ids) => (ids[index] === undefined ? [] : [ids[index]])),
  ).flat();
}

export type RaceCheck = {
  /** Active offerings, of the whole prospectus, with more holders than units. */
  oversold: number;
  /** Of the race's offerings: those whose holders recounted from the leads exceed the quantity. */
  oversoldRecounted: number;
  /** Of the race's offerings: those whose stock (held + sold) equals the recount from the leads. */
  stockMatchesRecount: number;
  /** Of the race's offerings: those with exactly `available` of their race leads moved. */
  filledExactly: number;
  /** The race's leads in fechado, recounted from the leads. */
  moved: number;
};

/** After the race: the stock as kept, and recounted straight from the leads. */
export async function checkRace(
  client: pg.ClientBase,
  offeringIds: string[],
  available: number,
): Promise<RaceCheck> {
  const oversold = await client.query<{ n: string }>(
    `select count(*) as n from offerings o join offering_stock s on s.offering_id = o.id
     where o.status = 'active' and s.held + s.sold > o.quantity`,
  );
  // One pass over the holding leads of the race's keys (national offerings: no praça condition).
  const recount = await client.query<{
    quantity: number;
    kept: number;
    holders: string;
    moved: string;
  }>(
    `with race as (
        select o.id, o.prospectus_year, o.vertical_id, o.platform_id, o.quota_id, o.quantity,
          s.held + s.sold as kept
        from offerings o join offering_stock s on s.offering_id = o.id
        where o.id = any ($1::uuid[])
      ),
      counted as (
        select l.prospectus_year, l.vertical_id, l.platform_id, l.quota_id, count(*) as holders,
          count(*) filter (where l.assessment = $2 and l.contract_status = 'fechado') as moved
        from leads l
        where l.contract_status in (${HOLDING})
          and (l.prospectus_year, l.vertical_id, l.platform_id, l.quota_id) in
            (select prospectus_year, vertical_id, platform_id, quota_id from race)
        group by 1, 2, 3, 4
      )
      select r.quantity, r.kept, coalesce(c.holders, 0) as holders, coalesce(c.moved, 0) as moved
      from race r left join counted c on (c.prospectus_year, c.vertical_id, c.platform_id, c.quota_id)
        = (r.prospectus_year, r.vertical_id, r.platform_id, r.quota_id)`,
    [offeringIds, RACE_ASSESSMENT],
  );
  const rows = recount.rows.map((row) => ({
    quantity: row.quantity,
    kept: row.kept,
    holders: Number(row.holders),
    moved: Number(row.moved),
  }));
  return {
    oversold: Number(oversold.rows[0]?.n ?? 0),
    oversoldRecounted: rows.filter((row) => row.holders > row.quantity).length,
    stockMatchesRecount: rows.filter((row) => row.holders === row.kept).length,
    filledExactly: rows.filter((row) => row.moved === available).length,
    moved: rows.reduce((sum, row) => sum + row.moved, 0),
  };
}

/** Deletes the race's leads (those moved give their units back), by id or, after a broken run, by assessment. */
export async function removeRaceLeads(client: pg.ClientBase, leadIds?: string[]): Promise<number> {
  const { rowCount } = leadIds
    ? await client.query('delete from leads where id = any ($1::uuid[])', [leadIds])
    : await client.query('delete from leads where assessment = $1', [RACE_ASSESSMENT]);
  return rowCount ?? 0;
}
