const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const formatters = new Map<string, Intl.RelativeTimeFormat>();

/**
 * How long ago `iso` was, from `now`, in the language's words ("há 5 minutos", "5 minutes ago",
 * "ontem"): the largest unit that fits; under a minute, "agora". A moment ahead of `now` (a clock
 * a little behind the server's) reads as now too.
 */
export function formatRelativeTime(iso: string, now: number, language: string): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    formatters.set(language, formatter);
  }
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return formatter.format(-Math.floor(seconds / size), unit);
  }
  return formatter.format(0, 'second');
}
