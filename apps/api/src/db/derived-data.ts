/**
 * Every trigger in the database, by what it keeps. Most keep a derived structure exact in the
 * writer's transaction (a running total, a copy, a stamp); the rest carry notifications. A test
 * (derived-data.test.ts) compares this list with the triggers of the migrated database and with
 * the "Derived data" table of ARCHITECTURE.md, so a trigger added or dropped without saying what
 * it keeps fails the tests.
 *
 * Each structure also says how it is computed afresh from its source rows (`recount`), or why it
 * cannot be, and whether a backfill (backfill.ts) turns its triggers off while a bulk load runs:
 * the backfill runs the recounts afterwards, and the recount tests compare what the triggers kept
 * with the same recounts, so the triggers, the backfill and the tests agree on one definition.
 *
 * This file imports nothing: the benchmark's generator uses it through backfill.ts.
 */

/**
 * One table (or set of columns) of a structure, computed from its source rows. Every text is SQL
 * without parameters; `kept` and `counted` select the same columns, so that the rows of one and
 * not the other are the differences (compared by value: `1.50` equals `1.5`).
 */
export type Recount = {
  /** What it rewrites: a table, or a table's columns. */
  target: string;
  /** The structure as the triggers keep it (rows that count nothing, which the triggers leave behind, left out). */
  kept: string;
  /** The same rows computed from the source rows. */
  counted: string;
  /** Statements that rewrite the structure to `counted`, set-based, run in order. */
  apply: readonly string[];
};

/** A structure with nothing to recount, and why. */
export type NoRecount = { none: string };

export type DerivedStructure = {
  /** The table (or the columns) kept. */
  name: string;
  /** The tables whose writes it follows. */
  sources: readonly string[];
  /** The triggers that keep it, by name (trigger names are unique per table; these across tables). */
  triggers: readonly string[];
  /** The decision record that explains it (docs/decisions). */
  decision: string;
  /** The test that compares it with a recount from its source rows (or, for a log or a stamp, checks it). */
  test: string;
  /**
   * During a backfill's load: `off`, the triggers are disabled and the structure is recounted (or,
   * for the status stamps, filled) afterwards; `on`, they fire as for any write.
   */
  duringBackfill: 'off' | 'on';
  /** How the structure is computed afresh from its source rows, in order; or why it has no recount. */
  recount: readonly Recount[] | NoRecount;
};

/** Whether a structure has a recount (or says why it has none). */
export const hasRecount = (recount: DerivedStructure['recount']): recount is readonly Recount[] =>
  Array.isArray(recount);

/**
 * A table replaced by its recount: every row deleted, the counted rows inserted. DELETE rather
 * than TRUNCATE: a reader whose snapshot predates the backfill still sees the old rows, not none.
 */
function replacedTable(
  table: string,
  columns: readonly string[],
  counted: string,
  keptWhere?: string,
): Recount {
  const list = columns.join(', ');
  return {
    target: table,
    kept: `select ${list} from ${table}${keptWhere ? ` where ${keptWhere}` : ''}`,
    counted,
    apply: [`delete from ${table}`, `insert into ${table} (${list}) ${counted}`],
  };
}

/** The open tasks' count and next due date of every lead or brand, from the tasks. */
function taskCounters(table: 'leads' | 'brands', column: 'lead_id' | 'brand_id'): Recount {
  const counted = `select r.id, coalesce(c.open_tasks, 0) as open_tasks, c.next_task_due_at
    from ${table} r left join (
      select ${column} as id, count(*)::integer as open_tasks, min(due_at) as next_task_due_at
      from tasks where not done and ${column} is not null group by ${column}
    ) c on c.id = r.id`;
  return {
    target: `${table}.open_tasks, next_task_due_at`,
    kept: `select id, open_tasks, next_task_due_at from ${table}`,
    counted,
    // Only the rows whose counters differ: the version trigger keeps a record's version when
    // nothing but its counters changed.
    apply: [
      `update ${table} t set open_tasks = c.open_tasks, next_task_due_at = c.next_task_due_at
      from (${counted}) c
      where c.id = t.id and (t.open_tasks, t.next_task_due_at) is distinct from (c.open_tasks, c.next_task_due_at)`,
    ],
  };
}

/** The reminder owed by an open task: a time set and not yet handed to the mail server for it. */
const OWED_REMINDERS = `select 'task_reminder:' || t.id as key, t.remind_at
  from tasks t
  where not t.done and t.remind_at is not null and t.remind_at is distinct from t.reminded_for`;

/** What a lead adds to the report's daily rollup (pipeline_report_deltas, migration 0023). */
const REPORT_DELTAS = 'leads l cross join lateral pipeline_report_deltas(l, 1) as d';

/**
 * The holders of each offering, from the leads: a lead holds a unit of every offering of its
 * year, vertical, platform and quota that is national or of one of its praças, while its status
 * holds a quota; `assinado` counts as sold, the other holding statuses as held.
 */
const OFFERING_STOCK_COUNTED = `with holders as (
    select null::uuid as franchise_id, prospectus_year, vertical_id, platform_id, quota_id, contract_status,
      count(*) as lead_count
    from leads
    where contract_status in (select contract_status from pipeline_statuses where holds_quota)
    group by prospectus_year, vertical_id, platform_id, quota_id, contract_status
    union all
    select lf.franchise_id, l.prospectus_year, l.vertical_id, l.platform_id, l.quota_id, l.contract_status,
      count(*)
    from lead_franchises lf join leads l on l.id = lf.lead_id
    where l.contract_status in (select contract_status from pipeline_statuses where holds_quota)
    group by lf.franchise_id, l.prospectus_year, l.vertical_id, l.platform_id, l.quota_id, l.contract_status
  )
  select o.id as offering_id,
    coalesce(sum(h.lead_count) filter (where h.contract_status <> 'assinado'), 0)::integer as held,
    coalesce(sum(h.lead_count) filter (where h.contract_status = 'assinado'), 0)::integer as sold
  from offerings o
    left join holders h on h.prospectus_year = o.prospectus_year and h.vertical_id = o.vertical_id
      and h.platform_id = o.platform_id and h.quota_id = o.quota_id
      and h.franchise_id is not distinct from o.franchise_id
  group by o.id`;

const OFFERING_STOCK_REPLACED = replacedTable(
  'offering_stock',
  ['offering_id', 'held', 'sold'],
  OFFERING_STOCK_COUNTED,
);

/**
 * The stock replaced, then what its triggers guarantee checked: no active offering with more
 * holders than units (offering_sold_out raises FN001 with the offering described, and the
 * backfill rolls back, as the write would have been refused).
 */
const OFFERING_STOCK: Recount = {
  ...OFFERING_STOCK_REPLACED,
  apply: [
    ...OFFERING_STOCK_REPLACED.apply,
    `select offering_sold_out(over.id) from (
      select o.id from offerings o join offering_stock s on s.offering_id = o.id
      where o.status = 'active' and s.held + s.sold > o.quantity order by o.id limit 1
    ) as over`,
  ],
};

export const DERIVED_DATA: readonly DerivedStructure[] = [
  {
    name: 'lead_totals',
    sources: ['leads'],
    triggers: [
      'lead_totals_after_insert',
      'lead_totals_after_update',
      'lead_totals_after_delete',
      'lead_totals_after_truncate',
    ],
    decision: '004-running-totals-for-the-pipeline.md',
    test: 'apps/api/src/modules/leads/lead-running-totals.test.ts',
    duringBackfill: 'off',
    recount: [
      replacedTable(
        'lead_totals',
        [
          'contract_status',
          'prospectus_year',
          'vertical_id',
          'quota_id',
          'platform_id',
          'lead_count',
          'credit',
          'invest',
        ],
        `select contract_status, prospectus_year, vertical_id, quota_id, platform_id,
          count(*) as lead_count, sum(credit) as credit, sum(invest) as invest
        from leads group by contract_status, prospectus_year, vertical_id, quota_id, platform_id`,
        'lead_count <> 0',
      ),
    ],
  },
  {
    name: 'lead_franchise_totals',
    sources: ['leads', 'lead_franchises'],
    triggers: [
      'lead_franchise_totals_after_link',
      'lead_franchise_totals_after_relink',
      'lead_franchise_totals_after_unlink',
      'lead_franchise_totals_after_lead_update',
      'lead_franchise_totals_before_lead_delete',
      'lead_franchise_totals_after_truncate',
    ],
    decision: '004-running-totals-for-the-pipeline.md',
    test: 'apps/api/src/modules/leads/lead-running-totals.test.ts',
    duringBackfill: 'off',
    recount: [
      replacedTable(
        'lead_franchise_totals',
        [
          'franchise_id',
          'contract_status',
          'prospectus_year',
          'vertical_id',
          'quota_id',
          'platform_id',
          'lead_count',
          'credit',
          'invest',
        ],
        `select lf.franchise_id, l.contract_status, l.prospectus_year, l.vertical_id, l.quota_id, l.platform_id,
          count(*) as lead_count, sum(l.credit) as credit, sum(l.invest) as invest
        from lead_franchises lf join leads l on l.id = lf.lead_id
        group by lf.franchise_id, l.contract_status, l.prospectus_year, l.vertical_id, l.quota_id, l.platform_id`,
        'lead_count <> 0',
      ),
    ],
  },
  {
    name: 'lead_franchise_statuses',
    sources: ['leads', 'lead_franchises'],
    triggers: [
      'lead_franchise_statuses_after_link',
      'lead_franchise_statuses_after_relink',
      'lead_franchise_statuses_after_lead_update',
    ],
    decision: '008-stale-deals-from-running-totals-and-recent-moves.md',
    test: 'apps/api/src/modules/leads/lead-running-totals.test.ts',
    duringBackfill: 'off',
    recount: [
      replacedTable(
        'lead_franchise_statuses',
        [
          'lead_id',
          'franchise_id',
          'contract_status',
          'status_changed_at',
          'prospectus_year',
          'vertical_id',
          'quota_id',
          'platform_id',
          'credit',
          'invest',
        ],
        `select lf.lead_id, lf.franchise_id, l.contract_status, l.status_changed_at, l.prospectus_year,
          l.vertical_id, l.quota_id, l.platform_id, l.credit, l.invest
        from lead_franchises lf join leads l on l.id = lf.lead_id`,
      ),
    ],
  },
  {
    name: 'lead_status_days',
    sources: ['leads'],
    triggers: [
      'lead_status_days_after_insert',
      'lead_status_days_after_update',
      'lead_status_days_after_delete',
      'lead_status_days_after_truncate',
    ],
    decision: '008-stale-deals-from-running-totals-and-recent-moves.md',
    test: 'apps/api/src/modules/leads/lead-running-totals.test.ts',
    duringBackfill: 'off',
    recount: [
      replacedTable(
        'lead_status_days',
        ['contract_status', 'day', 'prospectus_year', 'lead_count', 'credit', 'invest'],
        `select contract_status, (status_changed_at at time zone 'UTC')::date as day, prospectus_year,
          count(*) as lead_count, sum(credit) as credit, sum(invest) as invest
        from leads group by 1, 2, 3`,
        'lead_count <> 0',
      ),
    ],
  },
  {
    name: 'pipeline_report_days, pipeline_report_reason_days',
    sources: ['leads'],
    triggers: [
      'pipeline_report_after_insert',
      'pipeline_report_after_update',
      'pipeline_report_after_delete',
      'pipeline_report_after_truncate',
    ],
    decision: '009-pipeline-report-from-a-daily-rollup.md',
    test: 'apps/api/src/modules/reports/pipeline-report-rollup.test.ts',
    duringBackfill: 'off',
    recount: [
      replacedTable(
        'pipeline_report_days',
        [
          'dimension',
          'day',
          'dimension_id',
          'created',
          'won',
          'won_credit',
          'won_days',
          'lost',
          'lost_credit',
        ],
        `select d.dimension, d.day, d.dimension_id, sum(d.created) as created, sum(d.won) as won,
          sum(d.won_credit) as won_credit, sum(d.won_days) as won_days, sum(d.lost) as lost,
          sum(d.lost_credit) as lost_credit
        from ${REPORT_DELTAS} group by 1, 2, 3`,
        'created <> 0 or won <> 0 or lost <> 0',
      ),
      replacedTable(
        'pipeline_report_reason_days',
        ['dimension', 'day', 'dimension_id', 'reason', 'lost'],
        `select d.dimension, d.day, d.dimension_id, d.lost_reason as reason, sum(d.lost) as lost
        from ${REPORT_DELTAS} where d.lost_reason is not null and d.lost <> 0 group by 1, 2, 3, 4`,
        'lost <> 0',
      ),
    ],
  },
  {
    name: 'leads.status_changed_at, won_at, lost_at',
    sources: ['leads'],
    triggers: ['leads_stamp_status_change', 'leads_stamp_outcome_at_creation'],
    decision: '009-pipeline-report-from-a-daily-rollup.md',
    test: 'apps/api/src/modules/reports/pipeline-report-rollup.test.ts',
    duringBackfill: 'off',
    recount: {
      none:
        'the moments leads entered their status, won and were lost: facts of the writes, not a function of ' +
        'other rows. A backfill keeps the stamps its load wrote and fills the others as the triggers would ' +
        '(backfill.ts, fillStatusStamps).',
    },
  },
  {
    name: 'offering_stock',
    sources: ['leads', 'lead_franchise_statuses', 'offerings', 'pipeline_statuses'],
    triggers: [
      'lead_a_offering_stock_after_insert',
      'lead_a_offering_stock_after_update',
      'lead_a_offering_stock_after_delete',
      'lead_a_offering_stock_after_truncate',
      'lead_franchise_statuses_offering_stock_after_insert',
      'lead_franchise_statuses_offering_stock_after_update',
      'lead_franchise_statuses_offering_stock_after_delete',
      'lead_franchise_statuses_offering_stock_after_truncate',
      'offerings_stock_after_insert',
      'offerings_stock_after_update',
      'pipeline_statuses_offering_stock_after_insert',
      'pipeline_statuses_offering_stock_after_update',
    ],
    decision: '011-quota-stock-kept-and-guarded-by-the-database.md',
    test: 'apps/api/src/modules/offerings/offering-recount.test.ts',
    duringBackfill: 'off',
    recount: [OFFERING_STOCK],
  },
  {
    name: 'leads and brands: open_tasks, next_task_due_at; task reminder jobs',
    sources: ['tasks'],
    triggers: ['tasks_written_insert', 'tasks_written_update', 'tasks_written_delete'],
    decision: '010-scheduled-jobs-in-the-database.md',
    test: 'apps/api/src/modules/tasks/task-counters-recount.test.ts',
    duringBackfill: 'off',
    recount: [
      taskCounters('leads', 'lead_id'),
      taskCounters('brands', 'brand_id'),
      {
        // A job is compared by the time it reminds of (its payload): a failed attempt moves its run_at.
        target: 'scheduled_jobs (task reminders)',
        kept: `select key, (payload ->> 'remind_at')::timestamptz as remind_at
          from scheduled_jobs where kind = 'task_reminder'`,
        counted: OWED_REMINDERS,
        apply: [
          `delete from scheduled_jobs j
          where j.kind = 'task_reminder' and not exists (select 1 from (${OWED_REMINDERS}) o where o.key = j.key)`,
          // A job for another time is a new job for this one (no attempts, no lease), as the trigger writes it.
          `insert into scheduled_jobs (kind, key, run_at, payload)
          select 'task_reminder', 'task_reminder:' || t.id, t.remind_at,
            jsonb_build_object('task_id', t.id, 'remind_at', t.remind_at)
          from tasks t
          where not t.done and t.remind_at is not null and t.remind_at is distinct from t.reminded_for
          on conflict (key) do update set run_at = excluded.run_at, payload = excluded.payload,
            attempts = 0, refusals = 0, last_error = null, claimed_by = null, claimed_until = null
          where (scheduled_jobs.payload ->> 'remind_at')::timestamptz is distinct from excluded.run_at`,
        ],
      },
    ],
  },
  {
    name: 'leads and brands: version',
    sources: ['leads', 'brands'],
    triggers: ['leads_stamp_version', 'brands_stamp_version'],
    decision: '012-derived-data-inventory-versions-and-praca-structures.md',
    test: 'apps/api/src/modules/tasks/task-record-versions.test.ts',
    duringBackfill: 'on',
    recount: {
      none:
        'the transaction that last changed a record: a fact of the writes. Stamped on UPDATE only, so it ' +
        'stays on: a load that edits a lead or a brand gives it a new version like any edit, and the ' +
        "recounts' own updates, which change only the task counters, keep it.",
    },
  },
  {
    name: 'outbox (live events)',
    sources: ['leads', 'brands', 'contacts', 'notes', 'tasks', 'offerings', 'offering_stock'],
    triggers: [
      'leads_outbox_insert',
      'leads_outbox_update',
      'leads_outbox_delete',
      'brands_outbox_insert',
      'brands_outbox_update',
      'brands_outbox_delete',
      'contacts_outbox_insert',
      'contacts_outbox_update',
      'contacts_outbox_delete',
      'notes_outbox_insert',
      'notes_outbox_update',
      'notes_outbox_delete',
      'tasks_outbox_insert',
      'tasks_outbox_update',
      'tasks_outbox_delete',
      'offerings_outbox_insert',
      'offerings_outbox_update',
      'offerings_outbox_delete',
      'offering_stock_outbox_update',
    ],
    decision: '007-live-updates-through-an-outbox-and-a-sequencer.md',
    test: 'apps/api/src/modules/events/events.test.ts',
    duringBackfill: 'off',
    recount: {
      none:
        'a log of changes for the live streams, not a function of the rows. A backfill writes none: its ' +
        'rows are where readers start, not changes anyone is watching (a board reloads to see them).',
    },
  },
  {
    name: 'notifications: funil_jobs',
    sources: ['scheduled_jobs'],
    triggers: ['scheduled_jobs_inserted'],
    decision: '010-scheduled-jobs-in-the-database.md',
    test: 'apps/api/src/modules/jobs/job-runner.test.ts',
    duringBackfill: 'on',
    recount: {
      none:
        'a notification, nothing stored. It stays on: one per statement that adds jobs, so that the job ' +
        'runners wake for the reminder jobs a backfill writes.',
    },
  },
  {
    name: 'notifications: session and user changes',
    sources: ['sessions', 'users'],
    triggers: ['sessions_notify_change', 'users_notify_change'],
    decision: '005-session-cache-with-notify.md',
    test: 'apps/api/src/plugins/auth.test.ts',
    duringBackfill: 'on',
    recount: {
      none:
        'a notification, nothing stored. It stays on: a load that changes or removes users or sessions ' +
        "must reach the other processes' session caches.",
    },
  },
];

/** Every trigger of the inventory. */
export const inventoriedTriggers = (): string[] =>
  DERIVED_DATA.flatMap((structure) => structure.triggers).sort();
