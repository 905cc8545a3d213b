const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.RelativeTimeFormat>();
function formatterFor(language: string): Intl.RelativeTimeFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    formatters.set(language, formatter);
  }
  return formatter;
}

/** Local calendar days from `now`'s day to `at`'s (a DST day of 23 or 25 hours still counts one). */
function calendarDays(at: number, now: number): number {
  const midnight = (time: number) => new Date(time).setHours(0, 0, 0, 0);
  return Math.round((midnight(at) - midnight(now)) / DAY);
}

export type RelativeTimeOptions = {
  /** A moment behind us by nature (a note written): one a little ahead of `now` reads as now. */
  past?: boolean;
};

/**
 * How far `at` is from `now`, in the language's words, ahead or behind: "agora" within a minute,
 * then minutes ("há 5 minutos", "em 15 minutos"), hours while on the same calendar day ("há 3
 * horas"), calendar days within a week ("ontem", "amanhã", "há 3 dias" — a task due tomorrow
 * morning reads "amanhã" tonight), then weeks, months and years.
 */
export function formatRelativeTime(
  at: string | number | Date,
  now: number,
  language: string,
  { past = false }: RelativeTimeOptions = {},
): string {
  const formatter = formatterFor(language);
  const time = Math.min(new Date(at).getTime(), past ? now : Infinity);
  const diff = time - now;
  const distance = Math.abs(diff);
  if (distance < MINUTE) return formatter.format(0, 'second');
  if (distance < HOUR) return formatter.format(Math.trunc(diff / MINUTE), 'minute');
  const days = calendarDays(time, now);
  if (days === 0) return formatter.format(Math.trunc(diff / HOUR), 'hour');
  if (Math.abs(days) < 7) return formatter.format(days, 'day');
  if (Math.abs(days) < 30) return formatter.format(Math.trunc(days / 7), 'week');
  if (Math.abs(days) < 365) return formatter.format(Math.trunc(days / 30), 'month');
  return formatter.format(Math.trunc(days / 365), 'year');
}
