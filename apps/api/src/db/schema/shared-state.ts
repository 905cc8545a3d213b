import { bigint, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Values every API process sharing the database must agree on (the generated token key, the
 * live-update log's pruning horizon), one row each.
 */
export const appSettings = pgTable('app_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Brand pictures kept in the database, by the name the brand's row gives (`brands.image_file`). */
export const storedFiles = pgTable('stored_files', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});

/** Rate-limit counters shared by every process: one row per caller and limit, for its window. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  /** When the window ends, epoch milliseconds. */
  resetsAt: bigint('resets_at', { mode: 'number' }).notNull(),
});
