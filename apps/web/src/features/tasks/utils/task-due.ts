import { differenceInCalendarDays } from 'date-fns';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const formatters = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(language: string): Intl.RelativeTimeFormat {
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    formatters.set(language, format);
  }
  return format;
}

/**
 * How far the due date is from `now`, in the user's language: "em 15 minutos", "há 2 horas",
 * "amanhã", "há 3 dias". Within a day it counts minutes or hours; beyond, calendar days (so a
 * task due tomorrow morning reads "amanhã" tonight).
 */
export function relativeDue(dueAt: string, now: Date, language: string): string {
  const due = new Date(dueAt);
  const diff = due.getTime() - now.getTime();
  const format = relativeFormat(language);
  const distance = Math.abs(diff);
  if (distance < HOUR) return format.format(Math.round(diff / MINUTE), 'minute');
  const days = differenceInCalendarDays(due, now);
  if (distance < 24 * HOUR && days === 0) return format.format(Math.round(diff / HOUR), 'hour');
  return format.format(days, 'day');
}

/** Open and due before `now`. */
export const isOverdue = (task: { done: boolean; due_at: string }, now: Date) =>
  !task.done && new Date(task.due_at).getTime() < now.getTime();
