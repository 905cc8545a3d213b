import { formatCurrency } from '@/lib/format';
import { toLanguage } from '@/i18n/languages';

/** How the report writes its figures in a language; a figure the period has none of is a dash. */
export function reportFigures(lng: string | undefined) {
  const language = toLanguage(lng);
  const count = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const orDash = <T>(value: T | null, write: (value: T) => string) => (value === null ? '—' : write(value));
  return {
    language,
    count: (value: number) => count.format(value),
    /** Amounts are whole reais in a report. */
    money: (value: number) => formatCurrency(value, language, { decimals: false }),
    conversion: (value: number | null) => orDash(value, (ratio) => percent.format(ratio)),
    days: (value: number | null) => orDash(value, (days) => decimal.format(days)),
  };
}

export type ReportFigures = ReturnType<typeof reportFigures>;
