import { sql } from 'drizzle-orm';
import { bigint, check, date, numeric, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';

/** What a report row of the rollup is counted by: everything, or one lead dimension. */
export const REPORT_DIMENSIONS = ['all', 'executive', 'vertical', 'platform'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

const dimensionList = sql.raw(REPORT_DIMENSIONS.map((dimension) => `'${dimension}'`).join(', '));

// Unbounded numeric: a year of a large team's credit outgrows numeric(14,2).
const sumOf = (name: string) => numeric(name, { mode: 'string' }).notNull().default('0');
const countOf = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * The pipeline report's rollup: per UTC day and per dimension value (`all`, with a null id; each
 * executive, with a null id for the leads without one; each vertical; each platform), the leads
 * created that day, the deals won that day (signed since) with their credit and the days they
 * took from creation, and the deals lost that day (declined or cancelled since) with their
 * credit. Kept by triggers on `leads` in the same transaction as every write (the
 * migration that made this table; hand-written SQL), from the lead's `created_at`, `won_at`,
 * `lost_at`, credit and current dimensions: a report for a year adds up a few thousand of these
 * rows instead of reading the year's leads.
 *
 * One table per dimension value rather than one row per combination of dimensions: a day holds
 * at most 1 + executives + verticals + platforms rows, whatever the team's size.
 */
export const pipelineReportDays = pgTable(
  'pipeline_report_days',
  {
    dimension: text('dimension', { enum: REPORT_DIMENSIONS }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    dimensionId: uuid('dimension_id'),
    created: countOf('created'),
    won: countOf('won'),
    wonCredit: sumOf('won_credit'),
    /** The sum, over the deals won that day, of the days from their creation to their signature. */
    wonDays: sumOf('won_days'),
    lost: countOf('lost'),
    lostCredit: sumOf('lost_credit'),
  },
  (table) => [
    unique('pipeline_report_days_key').on(table.dimension, table.day, table.dimensionId).nullsNotDistinct(),
    check('pipeline_report_days_dimension_check', sql`${table.dimension} in (${dimensionList})`),
  ],
);

/**
 * The reasons given for the deals lost each UTC day, per dimension value as in
 * `pipeline_report_days`, counted by their text; kept by the same triggers.
 */
export const pipelineReportReasonDays = pgTable(
  'pipeline_report_reason_days',
  {
    dimension: text('dimension', { enum: REPORT_DIMENSIONS }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    dimensionId: uuid('dimension_id'),
    reason: text('reason').notNull(),
    lost: countOf('lost'),
  },
  (table) => [
    unique('pipeline_report_reason_days_key')
      .on(table.dimension, table.day, table.dimensionId, table.reason)
      .nullsNotDistinct(),
    check('pipeline_report_reason_days_dimension_check', sql`${table.dimension} in (${dimensionList})`),
  ],
);
