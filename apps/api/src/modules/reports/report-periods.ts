import { type SQL, sql } from 'drizzle-orm';

/**
 * The instants a report's period and its months start and end at, and how a period splits into
 * the whole UTC days the rollup holds and the few hours at its edges it does not.
 *
 * The period is `from`–`to`, calendar days of the request's time zone `tz`, both included. A
 * month of that time zone starts at its first day's midnight there.
 */
export const PERIOD_START = sql`(${sql.placeholder('from')}::date::timestamp at time zone ${sql.placeholder('tz')})`;
export const PERIOD_END = sql`((${sql.placeholder('to')}::date + 1)::timestamp at time zone ${sql.placeholder('tz')})`;

/** The period as one segment `(month, a, b)` with no month: the report's groups are dimensions. */
export const WHOLE_PERIOD = sql`select null::text as month, ${PERIOD_START} as a, ${PERIOD_END} as b`;

/** The period cut at each month's start in `tz`: one segment per month, `month` as `YYYY-MM`. */
export const MONTHS_OF_PERIOD = sql`select to_char(m, 'YYYY-MM') as month,
    greatest(m at time zone ${sql.placeholder('tz')}, ${PERIOD_START}) as a,
    least((m + interval '1 month') at time zone ${sql.placeholder('tz')}, ${PERIOD_END}) as b
  from generate_series(date_trunc('month', ${sql.placeholder('from')}::date::timestamp),
    ${sql.placeholder('to')}::date::timestamp, interval '1 month') as m`;

/**
 * Common table expressions over `segments(month, a, b)`:
 * - `spans`: each segment with `first_day`, the first UTC day that starts at or after `a`, and
 *   `end_day`, the UTC day `b` falls in; the days from `first_day` up to (not including)
 *   `end_day` lie wholly inside the segment — what the rollup answers;
 * - `edges`: the rest of each segment, `[lo, hi)` — from `a` to the first whole day and from the
 *   last one to `b` (less than a day each; the whole segment when it holds no whole day) — what
 *   the leads answer.
 * Without the rollup (`rollup` false), `edges` are the segments themselves.
 */
export function segmentsAndEdges(segments: SQL, rollup: boolean): SQL {
  if (!rollup) return sql`segments as (${segments}), edges as (select month, a as lo, b as hi from segments)`;
  return sql`segments as (${segments}),
    spans as (
      select month, a, b,
        ((a - interval '1 microsecond') at time zone 'UTC')::date + 1 as first_day,
        (b at time zone 'UTC')::date as end_day
      from segments
    ),
    edges as (
      select month, a as lo,
        case when first_day < end_day then first_day::timestamp at time zone 'UTC' else b end as hi
      from spans
      union all
      select month, end_day::timestamp at time zone 'UTC', b from spans where first_day < end_day
    )`;
}
