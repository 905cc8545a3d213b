import { REPORT_MAX_DAYS } from '@funil/shared';
import {
  differenceInCalendarDays,
  format,
  isValid,
  parseISO,
  startOfMonth,
  startOfQuarter,
  startOfYear,
  subMonths,
} from 'date-fns';

/** The period presets; `custom` takes its days from the date inputs. */
export const REPORT_PERIODS = ['year', 'last12', 'quarter', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export type DateRange = { from: string; to: string };

const DAY = 'yyyy-MM-dd';

/**
 * A preset's days, in the browser's calendar, up to today: this year from 1 January, the last 12
 * months from the first day of the month eleven months ago (so twelve whole month columns), this
 * quarter from its first day.
 */
export function presetRange(period: Exclude<ReportPeriod, 'custom'>, today: Date = new Date()): DateRange {
  const start =
    period === 'year'
      ? startOfYear(today)
      : period === 'quarter'
        ? startOfQuarter(today)
        : startOfMonth(subMonths(today, 11));
  return { from: format(start, DAY), to: format(today, DAY) };
}

export type RangeProblem = 'missing' | 'order' | 'tooLong';

/** Why a custom period cannot be asked for (the server's own limits), or null when it can. */
export function rangeProblem({ from, to }: DateRange): RangeProblem | null {
  const start = parseISO(from);
  const end = parseISO(to);
  if (!isValid(start) || !isValid(end)) return 'missing';
  const days = differenceInCalendarDays(end, start);
  if (days < 0) return 'order';
  if (days >= REPORT_MAX_DAYS) return 'tooLong';
  return null;
}
