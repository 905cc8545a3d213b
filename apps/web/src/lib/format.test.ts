import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatDateTime, formatDateTimeLong, moneyInputFormat } from './format';

// Local-time dates, so the assertions hold in any time zone.
const date = new Date(2026, 2, 5, 14, 7);

describe('formatDateTime', () => {
  it('formats dd/MM/yyyy HH:mm in every language', () => {
    for (const lng of ['pt-BR', 'en', 'es']) expect(formatDateTime(date, lng)).toBe('05/03/2026 14:07');
  });

  it('accepts ISO strings and timestamps', () => {
    expect(formatDateTime(date.toISOString(), 'pt-BR')).toBe('05/03/2026 14:07');
    expect(formatDateTime(date.getTime(), 'en')).toBe('05/03/2026 14:07');
    expect(formatDate(date.toISOString(), 'es')).toBe('05/03/2026');
  });

  it('shows an invalid date as the raw value, and nothing for no value', () => {
    expect(formatDateTime('Q1/2026', 'pt-BR')).toBe('Q1/2026');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('writes the long form in the language', () => {
    expect(formatDateTimeLong(date, 'pt-BR')).toBe('05/03/2026 às 14:07');
    expect(formatDateTimeLong(date, 'en')).toBe('05/03/2026 at 14:07');
    expect(formatDateTimeLong(date, 'es')).toBe('05/03/2026 a las 14:07');
  });
});

// Intl puts a no-break space between the symbol and the number where a language wants a space.
const NBSP = '\u00a0';

describe("formatCurrency: reais in every language, written the language's way", () => {
  it('pt-BR: R$ before the amount, dots for thousands, comma for cents', () => {
    expect(formatCurrency(1234567.891, 'pt-BR')).toBe(`R$${NBSP}1.234.567,89`);
    expect(formatCurrency(1500, 'pt-BR')).toBe(`R$${NBSP}1.500,00`);
    expect(formatCurrency(1234567.891, 'pt-BR', { decimals: false })).toBe(`R$${NBSP}1.234.568`);
    expect(formatCurrency(1500, 'pt-BR', { decimals: false })).toBe(`R$${NBSP}1.500`);
  });

  it('en: R$ (never a bare $) with commas for thousands and a point for cents', () => {
    expect(formatCurrency(1234567.891, 'en')).toBe('R$1,234,567.89');
    expect(formatCurrency(1500, 'en')).toBe('R$1,500.00');
    expect(formatCurrency(1234567.891, 'en', { decimals: false })).toBe('R$1,234,568');
    expect(formatCurrency(1500.4, 'en', { decimals: false })).toBe('R$1,500');
    // A regional code reads as its language.
    expect(formatCurrency(1500, 'en-US')).toBe('R$1,500.00');
  });

  it("es: Spain's grouping (four-digit amounts stay ungrouped) and R$ after the amount", () => {
    expect(formatCurrency(1234567.891, 'es')).toBe(`1.234.567,89${NBSP}R$`);
    expect(formatCurrency(1500, 'es')).toBe(`1500,00${NBSP}R$`);
    expect(formatCurrency(12500, 'es')).toBe(`12.500,00${NBSP}R$`);
    expect(formatCurrency(1234567.891, 'es', { decimals: false })).toBe(`1.234.568${NBSP}R$`);
    expect(formatCurrency(1500.4, 'es', { decimals: false })).toBe(`1500${NBSP}R$`);
  });

  it('never writes a bare dollar sign', () => {
    for (const lng of ['pt-BR', 'en', 'es', 'fr', undefined]) {
      expect(formatCurrency(99.9, lng)).toMatch(/R\$/);
      expect(formatCurrency(99.9, lng).replace('R$', '')).not.toContain('$');
    }
  });

  it('treats missing and non-numeric amounts as zero, and reads numeric strings', () => {
    expect(formatCurrency(null, 'pt-BR')).toBe(`R$${NBSP}0,00`);
    expect(formatCurrency(undefined, 'es')).toBe(`0,00${NBSP}R$`);
    expect(formatCurrency('abc', 'en')).toBe('R$0.00');
    expect(formatCurrency('2500.5', 'en')).toBe('R$2,500.50');
  });
});

describe('moneyInputFormat', () => {
  it('writes BRL as formatCurrency does, in each language', () => {
    for (const lng of ['pt-BR', 'en', 'es'] as const) {
      const { thousandSeparator, decimalSeparator, prefix, suffix } = moneyInputFormat(lng);
      expect(`${prefix}1${thousandSeparator}234${thousandSeparator}567${decimalSeparator}89${suffix}`).toBe(
        formatCurrency(1234567.89, lng),
      );
    }
    expect(moneyInputFormat('en')).toMatchObject({ prefix: 'R$', suffix: '', decimalSeparator: '.' });
  });
});
