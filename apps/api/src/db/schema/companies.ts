import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Company records looked up in the Receita Federal's open data (GET /api/companies/:cnpj), kept
 * for 30 days so a repeated lookup does not ask the mirror again. Failures are never kept.
 */
export const companyRecords = pgTable('company_records', {
  /** 14 characters, upper case, no punctuation. */
  cnpj: text('cnpj').primaryKey(),
  /** The record as `GET /api/companies/:cnpj` answers it, partners' CPFs already dropped. */
  record: jsonb('record').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
