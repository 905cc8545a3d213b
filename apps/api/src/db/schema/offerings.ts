import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { OFFERING_QUANTITY_MAX } from '@funil/shared';
import { franchises, platforms, quotas, verticals } from './catalogues';
import { createdAt, id, recordStatus, recordStatusCheck, updatedAt } from './columns';

/**
 * The prospectus: how many quotas of one type the team sells for one year, vertical and platform,
 * nationally (`franchise_id` null) or in one praça, and the table price of each.
 * An opportunity takes one unit of every active offering of its year, vertical, platform and quota
 * that is national or of one of its praças, while its status holds a quota.
 */
export const offerings = pgTable(
  'offerings',
  {
    id: id(),
    prospectusYear: integer('prospectus_year').notNull(),
    // restrict: a catalogue item or praça an offering names is in use, as one a lead names.
    verticalId: uuid('vertical_id')
      .notNull()
      .references(() => verticals.id, { onDelete: 'restrict' }),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'restrict' }),
    quotaId: uuid('quota_id')
      .notNull()
      .references(() => quotas.id, { onDelete: 'restrict' }),
    franchiseId: uuid('franchise_id').references(() => franchises.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    listPrice: numeric('list_price', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    status: recordStatus(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('offerings_status_check', recordStatusCheck('status')),
    check('offerings_quantity_check', sql.raw(`quantity between 1 and ${OFFERING_QUANTITY_MAX}`)),
    check('offerings_list_price_check', sql`${table.listPrice} >= 0`),
    // One offering per year, vertical, platform, quota and praça, a national one (null) included.
    // Its leading columns are also how a lead finds the offerings it takes.
    unique('offerings_key_unique')
      .on(table.prospectusYear, table.verticalId, table.platformId, table.quotaId, table.franchiseId)
      .nullsNotDistinct(),
    index('offerings_created_at_idx').on(table.createdAt),
    index('offerings_franchise_id_idx').on(table.franchiseId),
  ],
);

/**
 * Each offering's opportunities that hold a quota now (`held`) and that signed (`sold`), kept by
 * the database in the writing transaction (the offering's own row is left alone, so its version
 * changes only when someone edits it). The triggers that keep it refuse any write that would make
 * an active offering's `held + sold` exceed its `quantity`.
 */
export const offeringStock = pgTable(
  'offering_stock',
  {
    offeringId: uuid('offering_id')
      .primaryKey()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    held: integer('held').notNull().default(0),
    sold: integer('sold').notNull().default(0),
  },
  (table) => [check('offering_stock_counts_check', sql`${table.held} >= 0 and ${table.sold} >= 0`)],
);
