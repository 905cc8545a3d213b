import { differenceInCalendarDays } from 'date-fns';

/**
 * Whole days a lead has been in its current status, counted by the calendar in the browser's
 * time zone (moved in yesterday: 1); never negative, whatever the clocks say.
 */
export function daysInStatus(statusChangedAt: string, now: Date = new Date()): number {
  return Math.max(0, differenceInCalendarDays(now, new Date(statusChangedAt)));
}
