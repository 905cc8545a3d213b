import { format as formatDateFns, isValid, parseISO } from 'date-fns';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage, type Language } from '@/i18n/languages';

export const DATE_FORMAT = 'dd/MM/yyyy';
export const DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm';

/** "dd/MM/yyyy 'às' HH:mm" in each language (the lead detail's long form). */
const DATE_TIME_LONG_FORMATS: Record<Language, string> = {
  'pt-BR': "dd/MM/yyyy 'às' HH:mm",
  en: "dd/MM/yyyy 'at' HH:mm",
  es: "dd/MM/yyyy 'a las' HH:mm",
};

export type DateInput = string | number | Date | null | undefined;

function toDate(value: Exclude<DateInput, null | undefined>): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  const iso = parseISO(value);
  return isValid(iso) ? iso : new Date(value);
}

function formatWith(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  // A value that is not a date (a free-text period, say) is shown as it came, never as "Invalid Date".
  if (!isValid(date)) return String(value);
  // Every pattern here is digits and quoted words, so no date-fns locale (month or day names) is
  // needed, nor downloaded.
  return formatDateFns(date, pattern);
}

// Dates and times are written with the same digits in every language; the language argument is
// accepted anyway, so every formatter here is called the same way.
export function formatDate(value: DateInput, _language?: string): string {
  return formatWith(value, DATE_FORMAT);
}

export function formatDateTime(value: DateInput, _language?: string): string {
  return formatWith(value, DATE_TIME_FORMAT);
}

export function formatDateTimeLong(value: DateInput, lng?: string): string {
  return formatWith(value, DATE_TIME_LONG_FORMATS[toLanguage(lng)]);
}

/**
 * Every amount in Funil is in Brazilian reais, whatever the interface language, so it is always
 * written as BRL — `R$` — with the language's own digits and separators: `R$ 1.234.567,89` in
 * pt-BR, `R$1,234,567.89` in en, `1.234.567,89 R$` in es (Spain's style, which leaves four-digit
 * amounts ungrouped: `1500,00 R$`). Never a bare `$`, which reads as dollars. The decision is
 * recorded in docs/decisions/001-money-always-brl.md.
 */
const CURRENCY = 'BRL';
const CURRENCY_LOCALES: Record<Language, string> = { 'pt-BR': 'pt-BR', en: 'en-US', es: 'es-ES' };

const currencyFormatters = new Map<string, Intl.NumberFormat>();

export type CurrencyOptions = {
  /** Cards show whole amounts; forms and details show cents. Default true. */
  decimals?: boolean;
};

export function formatCurrency(
  value: number | string | null | undefined,
  lng?: string,
  { decimals = true }: CurrencyOptions = {},
): string {
  const amount = typeof value === 'string' ? Number(value) : (value ?? 0);
  const language = toLanguage(lng);
  const cacheKey = `${language}|${decimals}`;
  let formatter = currencyFormatters.get(cacheKey);
  if (!formatter) {
    const digits = decimals ? 2 : 0;
    formatter = new Intl.NumberFormat(CURRENCY_LOCALES[language], {
      style: 'currency',
      currency: CURRENCY,
      // Spanish's standard symbol for BRL is the code 'BRL'; the narrow one is 'R$' everywhere.
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    currencyFormatters.set(cacheKey, formatter);
  }
  return formatter.format(Number.isFinite(amount) ? amount : 0);
}

/** How a money input writes BRL in a language: what react-number-format needs to mask it. */
export type MoneyInputFormat = {
  thousandSeparator: string;
  decimalSeparator: string;
  /** `R$ ` in pt-BR, `R$` in en; empty in es, where the symbol follows. */
  prefix: string;
  /** ` R$` in es; empty elsewhere. */
  suffix: string;
};

const moneyInputFormats = new Map<Language, MoneyInputFormat>();

/**
 * The separators and symbol placement of formatCurrency, read from the same Intl formatter, so
 * what a user types looks like what the screens show afterwards.
 */
export function moneyInputFormat(lng?: string): MoneyInputFormat {
  const language = toLanguage(lng);
  const cached = moneyInputFormats.get(language);
  if (cached) return cached;
  const parts = new Intl.NumberFormat(CURRENCY_LOCALES[language], {
    style: 'currency',
    currency: CURRENCY,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
  }).formatToParts(1234567.89);
  const firstDigit = parts.findIndex((part) => part.type === 'integer');
  const lastDigit = parts.findLastIndex((part) => part.type === 'fraction');
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  const format: MoneyInputFormat = {
    thousandSeparator: parts.find((part) => part.type === 'group')?.value ?? '.',
    decimalSeparator: parts.find((part) => part.type === 'decimal')?.value ?? ',',
    prefix: text(0, firstDigit),
    suffix: text(lastDigit + 1, parts.length),
  };
  moneyInputFormats.set(language, format);
  return format;
}

/** The formatters bound to the current language; components re-render when it changes. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(
    () => ({
      language: toLanguage(lng),
      date: (value: DateInput) => formatDate(value, lng),
      dateTime: (value: DateInput) => formatDateTime(value, lng),
      dateTimeLong: (value: DateInput) => formatDateTimeLong(value, lng),
      currency: (value: number | string | null | undefined, options?: CurrencyOptions) =>
        formatCurrency(value, lng, options),
    }),
    [lng],
  );
}
