import type { ReportGroup, ReportRow } from '@funil/shared';
import { format, isValid, parse } from 'date-fns';
import { enUS, es, ptBR, type Locale } from 'date-fns/locale';
import { type Language, toLanguage } from '@/i18n/languages';

const DATE_LOCALES: Record<Language, Locale> = { 'pt-BR': ptBR, en: enUS, es };

/**
 * A month key (`2026-03`) as the language names it: "mar. 2026" short (a chart's axis), "março
 * 2026" long (tables, tooltips). A key that is not a month is shown as it came.
 */
export function monthLabel(
  key: string,
  language: string | undefined,
  width: 'short' | 'long' = 'long',
): string {
  const month = parse(key, 'yyyy-MM', new Date(2000, 0, 1));
  if (!isValid(month)) return key;
  return format(month, width === 'short' ? 'LLL yyyy' : 'LLLL yyyy', {
    locale: DATE_LOCALES[toLanguage(language)],
  });
}

/**
 * A group's name on screen: the month in the user's language, the executive's name, the vertical's
 * or platform's label; `unassigned` for the leads without one.
 */
export function groupLabel(
  row: Pick<ReportRow, 'key' | 'label'>,
  group: ReportGroup,
  language: string | undefined,
  unassigned: string,
  width: 'short' | 'long' = 'long',
): string {
  if (group === 'month' && row.key) return monthLabel(row.key, language, width);
  return row.label ?? unassigned;
}
