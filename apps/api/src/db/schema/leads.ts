import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONTRACT_STATUSES } from '@funil/shared';
import { brands } from './brands';
import { franchises, platforms, quotas, verticals } from './catalogues';
import { createdAt, editVersion, id, money, updatedAt } from './columns';
import { users } from './users';

const statusList = sql.raw(CONTRACT_STATUSES.map((status) => `'${status}'`).join(', '));

export const leads = pgTable(
  'leads',
  {
    id: id(),
    // restrict: a brand or catalogue item in use is refused deletion (409), never silently orphaned.
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    assessment: text('assessment').notNull(),
    verticalId: uuid('vertical_id')
      .notNull()
      .references(() => verticals.id, { onDelete: 'restrict' }),
    quotaId: uuid('quota_id')
      .notNull()
      .references(() => quotas.id, { onDelete: 'restrict' }),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'restrict' }),
    prospectusYear: integer('prospectus_year').notNull(),
    contractStatus: text('contract_status', { enum: CONTRACT_STATUSES }).notNull(),
    executiveId: uuid('executive_id').references(() => users.id, { onDelete: 'set null' }),
    credit: money('credit'),
    invest: money('invest'),
    exchange: boolean('exchange').notNull().default(false),
    rouanetLaw: boolean('rouanet_law').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * When the lead entered its current status: set on insert, and by a trigger whenever
     * `contract_status` changes (any write path: the API, a bulk move, an import), so "stale"
     * never depends on who moved the lead.
     */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the deal was won (entered `assinado`) or lost (`declinado` or `cancelado`), with the
     * reason given then: set by the status trigger on the write that moves it there (or on its
     * creation in that status), cleared by the one that moves it out. Null while the deal is open:
     * the report counts the deals signed or lost now, at the moment they got there.
     */
    wonAt: timestamp('won_at', { withTimezone: true }),
    lostAt: timestamp('lost_at', { withTimezone: true }),
    lostReason: text('lost_reason'),
    /**
     * The open tasks on the opportunity and the earliest one's due date, kept by the tasks' triggers
     * in the task's transaction, so the board and the list show and filter them without reading
     * the tasks.
     */
    openTasks: integer('open_tasks').notNull().default(0),
    nextTaskDueAt: timestamp('next_task_due_at', { withTimezone: true }),
    version: editVersion(),
  },
  (table) => [
    check('leads_contract_status_check', sql`${table.contractStatus} in (${statusList})`),
    check('leads_amounts_non_negative', sql`${table.credit} >= 0 and ${table.invest} >= 0`),
    // The default order (newest first, id breaking ties): a btree read backwards gives `created_at
    // desc, id desc`, so the list's first page and every keyset page (`cursor`) read just their rows,
    // however many leads there are. (Ascending on purpose: drizzle's `.desc()` means DESC NULLS
    // LAST, which a plain `order by ... desc` cannot use.)
    index('leads_created_at_id_idx').on(table.createdAt, table.id),
    // One board column (and the list filtered by status) in that order; also serves status alone.
    index('leads_status_created_at_id_idx').on(table.contractStatus, table.createdAt, table.id),
    // The board of one prospectus year, the screen's most used filter.
    index('leads_year_status_created_at_id_idx').on(
      table.prospectusYear,
      table.contractStatus,
      table.createdAt,
      table.id,
    ),
    // Filters, and the "in use" checks behind deleting a brand or a catalogue item.
    index('leads_vertical_id_idx').on(table.verticalId),
    index('leads_quota_id_idx').on(table.quotaId),
    index('leads_platform_id_idx').on(table.platformId),
    index('leads_executive_id_idx').on(table.executiveId),
    index('leads_brand_id_idx').on(table.brandId),
    // The `task` filter: leads with an open task (overdue ones first in it); most leads have none.
    index('leads_next_task_due_at_idx')
      .on(table.nextTaskDueAt)
      .where(sql`${table.nextTaskDueAt} is not null`),
    // The `assessment` filter (`containsText`, a substring): trigrams (pg_trgm), as the brands' search.
    // And, in the migrations (drizzle does not model INCLUDE): leads_status_changed_at_idx for the
    // stale counts, leads_won_at_idx and leads_lost_at_idx for the report's edges.
    index('leads_assessment_trgm_idx').using('gin', sql`f_unaccent_lower(${table.assessment}) gin_trgm_ops`),
  ],
);

export const leadFranchises = pgTable(
  'lead_franchises',
  {
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'restrict' }),
  },
  (table) => [
    primaryKey({ columns: [table.leadId, table.franchiseId] }),
    // The composite key serves lead → franchises; this one serves the "franchise" filter.
    index('lead_franchises_franchise_id_idx').on(table.franchiseId),
  ],
);

/** Pipeline history: one row per change of contract_status, written in the same transaction. */
export const leadStatusChanges = pgTable(
  'lead_status_changes',
  {
    id: id(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: CONTRACT_STATUSES }),
    toStatus: text('to_status', { enum: CONTRACT_STATUSES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Why the deal was lost, on a move to declinado or cancelado that gave one (≤ 500 characters). */
    reason: text('reason'),
    createdAt: createdAt(),
    // Insertion order: a lead's changes are written under its row lock, so `seq` orders them as
    // they happened even when two share a timestamp (creation and a move in the same millisecond).
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (table) => [index('lead_status_changes_lead_id_seq_idx').on(table.leadId, table.seq)],
);
