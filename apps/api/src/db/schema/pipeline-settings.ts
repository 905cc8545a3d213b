import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CONTRACT_STATUSES } from '@funil/shared';

const statusList = sql.raw(CONTRACT_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * The pipeline's settings, one row per status (all 8, seeded with the defaults by the migration
 * that made the table): the probability the forecast weighs the status's sums by, and the days a
 * lead may stay in it before it is stale (null: never), and whether an opportunity in it holds a
 * quota of the prospectus. Read by the statements that answer `stale` and the weighted sums, and by
 * the triggers that keep the offerings' stock, so every process sees a change at once.
 */
export const pipelineStatuses = pgTable(
  'pipeline_statuses',
  {
    contractStatus: text('contract_status', { enum: CONTRACT_STATUSES }).primaryKey(),
    probability: integer('probability').notNull(),
    staleAfterDays: integer('stale_after_days'),
    holdsQuota: boolean('holds_quota').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('pipeline_statuses_status_check', sql`${table.contractStatus} in (${statusList})`),
    check('pipeline_statuses_probability_check', sql`${table.probability} between 0 and 100`),
    check('pipeline_statuses_stale_after_days_check', sql`${table.staleAfterDays} between 1 and 365`),
  ],
);
