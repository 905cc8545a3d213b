import { describe, expect, it } from 'vitest';
import { formatCnpj, generateNumericCnpj, isValidCnpj, normalizeCnpj } from './cnpj';

describe('cnpj', () => {
  it('accepts numeric CNPJs with or without the mask', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
  });

  it('accepts alphanumeric CNPJs in any case, with or without the mask', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
  });

  it('refuses wrong check digits, wrong lengths and reserved numbers', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
  });

  it('normalises to 14 upper-case characters', () => {
    expect(normalizeCnpj('11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizeCnpj(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
  });

  it('formats whole and partly typed values', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12ABC3')).toBe('12.ABC.3');
    expect(formatCnpj('12ABC34501DE35999')).toBe('12.ABC.345/01DE-35');
  });

  it('generates valid numeric head-office CNPJs', () => {
    const cnpj = generateNumericCnpj();
    expect(cnpj).toMatch(/^\d{8}0001\d{2}$/);
    expect(isValidCnpj(cnpj)).toBe(true);
  });
});
