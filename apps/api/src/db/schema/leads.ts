import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { CONTRACT_STATUSES } from '@funil/shared';
import { brands } from './brands';
import { franchises, platforms, quotas, verticals } from './catalogues';
import { createdAt, id, money, updatedAt } from './columns';
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
  },
  (table) => [
    check('leads_contract_status_check', sql`${table.contractStatus} in (${statusList})`),
    check('leads_amounts_non_negative', sql`${table.credit} >= 0 and ${table.invest} >= 0`),
    index('leads_contract_status_idx').on(table.contractStatus),
    index('leads_vertical_id_idx').on(table.verticalId),
    index('leads_quota_id_idx').on(table.quotaId),
    index('leads_platform_id_idx').on(table.platformId),
    index('leads_prospectus_year_idx').on(table.prospectusYear),
    index('leads_executive_id_idx').on(table.executiveId),
    index('leads_brand_id_idx').on(table.brandId),
    index('leads_created_at_idx').on(table.createdAt),
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
    createdAt: createdAt(),
  },
  (table) => [index('lead_status_changes_lead_id_created_at_idx').on(table.leadId, table.createdAt)],
);
