import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone';

describe('formatPhone', () => {
  it('formats Brazilian mobiles and landlines stored with the country code', () => {
    expect(formatPhone('5511999999999')).toBe('+55 11 99999-9999');
    expect(formatPhone('551130000000')).toBe('+55 11 3000-0000');
    expect(formatPhone('5521987654321')).toBe('+55 21 98765-4321');
  });

  it('reads 10 or 11 digits without a country code as Brazilian', () => {
    expect(formatPhone('11999999999')).toBe('+55 11 99999-9999');
    expect(formatPhone('1130000000')).toBe('+55 11 3000-0000');
    // DDD 55 (Santa Maria, RS): the leading 55 is the area code here, not the country.
    expect(formatPhone('55999998888')).toBe('+55 55 99999-8888');
  });

  it('formats numbers from other countries internationally', () => {
    expect(formatPhone('12025550123')).toBe('+1 202 555 0123');
    expect(formatPhone('442079460000')).toBe('+44 20 7946 0000');
    expect(formatPhone('5491123456789')).toBe('+54 9 11 2345 6789');
  });

  it('shows what it cannot read as given', () => {
    expect(formatPhone('999')).toBe('999');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('0000000000000')).toBe('0000000000000');
  });
});
