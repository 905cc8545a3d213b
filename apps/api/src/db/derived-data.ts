/**
 * Every trigger in the database, by what it keeps. Most keep a derived structure exact in the
 * writer's transaction (a running total, a copy, a stamp); the rest carry notifications. A test
 * (derived-data.test.ts) compares this list with the triggers of the migrated database and with
 * the "Derived data" table of ARCHITECTURE.md, so a trigger added or dropped without saying what
 * it keeps fails the tests.
 */
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
  },
  {
    name: 'leads.status_changed_at, won_at, lost_at',
    sources: ['leads'],
    triggers: ['leads_stamp_status_change', 'leads_stamp_outcome_at_creation'],
    decision: '009-pipeline-report-from-a-daily-rollup.md',
    test: 'apps/api/src/modules/reports/pipeline-report-rollup.test.ts',
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
  },
  {
    name: 'leads and brands: open_tasks, next_task_due_at; task reminder jobs',
    sources: ['tasks'],
    triggers: ['tasks_written_insert', 'tasks_written_update', 'tasks_written_delete'],
    decision: '010-scheduled-jobs-in-the-database.md',
    test: 'apps/api/src/modules/tasks/task-counters-recount.test.ts',
  },
  {
    name: 'leads and brands: version',
    sources: ['leads', 'brands'],
    triggers: ['leads_stamp_version', 'brands_stamp_version'],
    decision: '012-derived-data-inventory-versions-and-praca-structures.md',
    test: 'apps/api/src/modules/tasks/task-record-versions.test.ts',
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
  },
  {
    name: 'notifications: funil_jobs',
    sources: ['scheduled_jobs'],
    triggers: ['scheduled_jobs_inserted'],
    decision: '010-scheduled-jobs-in-the-database.md',
    test: 'apps/api/src/modules/jobs/job-runner.test.ts',
  },
  {
    name: 'notifications: session and user changes',
    sources: ['sessions', 'users'],
    triggers: ['sessions_notify_change', 'users_notify_change'],
    decision: '005-session-cache-with-notify.md',
    test: 'apps/api/src/plugins/auth.test.ts',
  },
];

/** Every trigger of the inventory. */
export const inventoriedTriggers = (): string[] =>
  DERIVED_DATA.flatMap((structure) => structure.triggers).sort();
