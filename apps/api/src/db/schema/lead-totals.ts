import {
  bigint,
  date,
  foreignKey,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONTRACT_STATUSES } from '@funil/shared';
import { money } from './columns';
import { leadFranchises } from './leads';

// Unbounded numeric: the sum of a million numeric(14,2) amounts outgrows 14 digits.
const sumOfMoney = (name: string) => numeric(name, { mode: 'string' }).notNull();

/**
 * The pipeline's running totals: count and sums of the leads in each combination of the board's
 * dimensions (status × prospectus year × vertical × quota type × platform), kept by triggers on
 * `leads` in the same transaction as every insert, update and delete (migration 0006; hand-written
 * SQL, drizzle does not model triggers). A summary or a board under those filters adds up a few
 * thousand of these rows instead of grouping a million leads (docs/decisions/004).
 *
 * No foreign keys: a combination left at zero must not stop a catalogue item from being deleted.
 */
export const leadTotals = pgTable(
  'lead_totals',
  {
    contractStatus: text('contract_status', { enum: CONTRACT_STATUSES }).notNull(),
    prospectusYear: integer('prospectus_year').notNull(),
    verticalId: uuid('vertical_id').notNull(),
    quotaId: uuid('quota_id').notNull(),
    platformId: uuid('platform_id').notNull(),
    leadCount: bigint('lead_count', { mode: 'number' }).notNull(),
    credit: sumOfMoney('credit'),
    invest: sumOfMoney('invest'),
  },
  (table) => [
    primaryKey({
      name: 'lead_totals_pk',
      columns: [
        table.contractStatus,
        table.prospectusYear,
        table.verticalId,
        table.quotaId,
        table.platformId,
      ],
    }),
  ],
);

/**
 * The same running totals per franchise: one row per franchise × the board's dimensions, kept by
 * triggers on `lead_franchises` and `leads` (migration 0012). A lead in two franchises counts once
 * under each, so these answer a filter naming one franchise; a filter naming several needs the
 * leads (a lead in both would be counted twice).
 */
export const leadFranchiseTotals = pgTable(
  'lead_franchise_totals',
  {
    franchiseId: uuid('franchise_id').notNull(),
    contractStatus: text('contract_status', { enum: CONTRACT_STATUSES }).notNull(),
    prospectusYear: integer('prospectus_year').notNull(),
    verticalId: uuid('vertical_id').notNull(),
    quotaId: uuid('quota_id').notNull(),
    platformId: uuid('platform_id').notNull(),
    leadCount: bigint('lead_count', { mode: 'number' }).notNull(),
    credit: sumOfMoney('credit'),
    invest: sumOfMoney('invest'),
  },
  (table) => [
    primaryKey({
      name: 'lead_franchise_totals_pk',
      columns: [
        table.franchiseId,
        table.contractStatus,
        table.prospectusYear,
        table.verticalId,
        table.quotaId,
        table.platformId,
      ],
    }),
  ],
);

/**
 * Each lead's franchise links with the lead's status, the moment it entered it, the board's
 * dimensions and its amounts, kept by triggers on `leads` and `lead_franchises` (hand-written SQL in the migration
 * that made this table). The stale counts under a one-franchise filter read the fresh leads of a
 * status as one range of its index, (franchise, status, entered at) with the dimensions included,
 * instead of probing each fresh lead of every franchise for its links. A link's row goes with the
 * link (cascade).
 */
export const leadFranchiseStatuses = pgTable(
  'lead_franchise_statuses',
  {
    leadId: uuid('lead_id').notNull(),
    franchiseId: uuid('franchise_id').notNull(),
    contractStatus: text('contract_status', { enum: CONTRACT_STATUSES }).notNull(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull(),
    prospectusYear: integer('prospectus_year').notNull(),
    verticalId: uuid('vertical_id').notNull(),
    quotaId: uuid('quota_id').notNull(),
    platformId: uuid('platform_id').notNull(),
    credit: money('credit'),
    invest: money('invest'),
  },
  (table) => [
    primaryKey({ name: 'lead_franchise_statuses_pk', columns: [table.leadId, table.franchiseId] }),
    foreignKey({
      name: 'lead_franchise_statuses_link_fk',
      columns: [table.leadId, table.franchiseId],
      foreignColumns: [leadFranchises.leadId, leadFranchises.franchiseId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // And, in the migrations (drizzle does not model INCLUDE): lead_franchise_statuses_fresh_idx
    // (franchise_id, contract_status, status_changed_at) INCLUDE (the dimensions, the amounts), and
    // lead_franchise_statuses_offering_key_idx (franchise_id, prospectus_year, vertical_id,
    // platform_id, quota_id, contract_status) INCLUDE (lead_id, credit): the holders of a praça's
    // offering, for the prospectus's summary. The offerings' stock also follows this table (its
    // triggers, in the migration that made offering_stock).
  ],
);

/**
 * The leads of each status by the UTC day they entered it (and prospectus year), with their
 * amounts, kept by triggers on `leads` (hand-written SQL in the migration that made this table).
 * A status's fresh leads — those that entered it after its stale cutoff — are the days after the
 * cutoff's day, a few dozen rows, plus the cutoff's own day read from the leads' index: the count
 * follows the length of the stale threshold, not how many deals moved in it.
 */
export const leadStatusDays = pgTable(
  'lead_status_days',
  {
    contractStatus: text('contract_status', { enum: CONTRACT_STATUSES }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    prospectusYear: integer('prospectus_year').notNull(),
    leadCount: bigint('lead_count', { mode: 'number' }).notNull(),
    credit: sumOfMoney('credit'),
    invest: sumOfMoney('invest'),
  },
  (table) => [
    primaryKey({
      name: 'lead_status_days_pk',
      columns: [table.contractStatus, table.day, table.prospectusYear],
    }),
  ],
);
