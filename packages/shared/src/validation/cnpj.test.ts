import { describe, expect, it } from 'vitest';
import { cnpjDigits, formatCnpj, isValidCnpj, withCnpjCheckDigits } from './cnpj';

describe('cnpj', () => {
  it('accepts valid numbers with or without punctuation', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
  });

  it('refuses wrong check digits, wrong lengths and repeated digits', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
  });

  it('formats and strips', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(cnpjDigits('11.222.333/0001-81')).toBe('11222333000181');
    expect(formatCnpj('123')).toBe('123');
  });

  it('completes check digits', () => {
    expect(withCnpjCheckDigits('112223330001')).toBe('11222333000181');
    expect(isValidCnpj(withCnpjCheckDigits('987654320001'))).toBe(true);
  });
});
