import { z } from 'zod';
import { queryParam } from './common';
import { leadFiltersSchema } from './leads';
import { timeZoneParam } from './spreadsheets';

/** What a pipeline report groups by: the month, or the lead's executive, vertical or platform. */
export const REPORT_GROUPS = ['month', 'executive', 'vertical', 'platform'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The longest period one report covers (a few years, by month). */
export const REPORT_MAX_DAYS = 3 * 366;

const dateParam = queryParam(
  z.iso.date('validation:report.period_invalid').refine((day) => !Number.isNaN(Date.parse(day)), {
    message: 'validation:report.period_invalid',
  }),
);

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/**
 * `GET /api/reports/pipeline`: the list's filters, the period `from`–`to` (calendar days, both
 * included, in `tz`), and what to group by.
 */
export const reportQuerySchema = leadFiltersSchema
  .extend({
    from: dateParam,
    to: dateParam,
    group_by: queryParam(z.enum(REPORT_GROUPS, 'validation:report.group_by_invalid').default('month')),
    tz: timeZoneParam,
  })
  .refine(
    (query) => daysBetween(query.from, query.to) >= 0 && daysBetween(query.from, query.to) < REPORT_MAX_DAYS,
    {
      message: 'validation:report.period_invalid',
      path: ['to'],
    },
  );
export type ReportQuery = z.output<typeof reportQuerySchema>;
export type ReportParams = z.input<typeof reportQuerySchema>;

const figures = {
  /** Leads created in the period. */
  created: z.number().int(),
  /** Leads that reached `assinado` in the period, and their credit. */
  won: z.number().int(),
  won_credit: z.number(),
  /** Leads moved to `declinado` or `cancelado` in the period, and their credit. */
  lost: z.number().int(),
  lost_credit: z.number(),
  /** won ÷ (won + lost), from 0 to 1; null when nothing was won or lost. */
  conversion: z.number().nullable(),
  /** Average days from a won lead's creation to its signature; null when none was won. */
  avg_days_to_sign: z.number().nullable(),
};

export const reportRowSchema = z.object({
  /** `2026-03` by month; the record's id otherwise (null: leads without an executive). */
  key: z.string().nullable(),
  /** The executive's name, the vertical's or platform's label; the key itself for a month. */
  label: z.string().nullable(),
  ...figures,
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportSchema = z.object({
  group_by: z.enum(REPORT_GROUPS),
  from: z.string(),
  to: z.string(),
  /** Every month of the period (zeros included) by month; otherwise the groups with figures. */
  groups: z.array(reportRowSchema),
  total: z.object(figures),
  /** The reasons given for lost deals in the period, most frequent first (at most 10). */
  lost_reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type PipelineReport = z.infer<typeof reportSchema>;
