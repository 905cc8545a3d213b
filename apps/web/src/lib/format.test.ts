import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatDateTime, formatDateTimeLong } from './format';

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

// Intl separates the symbol with a no-break space; compare on plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatCurrency', () => {
  it('uses R$ in Portuguese', () => {
    expect(plain(formatCurrency(1234567.891, 'pt-BR'))).toBe('R$ 1.234.567,89');
    expect(plain(formatCurrency(1500, 'pt-BR', { decimals: false }))).toBe('R$ 1.500');
  });

  it('uses $ otherwise', () => {
    expect(formatCurrency(1234567.891, 'en')).toBe('$1,234,567.89');
    expect(formatCurrency(1500.4, 'es', { decimals: false })).toBe('$1,500');
    expect(formatCurrency(1500, 'en-US')).toBe('$1,500.00');
  });

  it('treats missing and non-numeric amounts as zero, and reads numeric strings', () => {
    expect(plain(formatCurrency(null, 'pt-BR'))).toBe('R$ 0,00');
    expect(formatCurrency('abc', 'en')).toBe('$0.00');
    expect(formatCurrency('2500.5', 'en')).toBe('$2,500.50');
  });
});
