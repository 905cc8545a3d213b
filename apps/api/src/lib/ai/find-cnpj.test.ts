import { formatCnpj, generateNumericCnpj } from '@funil/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCnpj } from './find-cnpj';

describe('findCnpj', () => {
  it('finds a numeric CNPJ, masked or not', () => {
    expect(findCnpj('Fale sobre a empresa 11.222.333/0001-81, por favor')).toBe('11222333000181');
    expect(findCnpj('CNPJ: 11222333000181.')).toBe('11222333000181');
    expect(findCnpj('(11.222.333/0001-81)')).toBe('11222333000181');
  });

  it('finds an alphanumeric CNPJ, masked or not, in any case, and gives it in upper case', () => {
    expect(findCnpj('Dados de 12.ABC.345/01DE-35?')).toBe('12ABC34501DE35');
    expect(findCnpj('dados de 12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(findCnpj('12ABC34501DE35')).toBe('12ABC34501DE35');
  });

  it('skips candidates whose check digits are wrong and takes the first valid one', () => {
    expect(findCnpj('11.222.333/0001-82')).toBeNull();
    expect(findCnpj('12.ABC.345/01DE-36 ou 11.222.333/0001-81 ou 12.ABC.345/01DE-35')).toBe('11222333000181');
  });

  it('finds nothing in text without a CNPJ, nor inside a longer code', () => {
    expect(findCnpj('Como abordar uma marca de café em 2026?')).toBeNull();
    expect(findCnpj('pedido 911222333000181')).toBeNull();
    expect(findCnpj('protocolo 11222333000181X')).toBeNull();
    expect(findCnpj('')).toBeNull();
  });

  it('finds any valid CNPJ written among other words, masked or not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Array.from({ length: 20 }, () => generateNumericCnpj())),
        fc.boolean(),
        fc.string({ unit: fc.constantFrom(' ', 'a', 'b', ',', '\n', 'ç') }),
        fc.string({ unit: fc.constantFrom(' ', 'x', '.', '?', ')') }),
        (cnpj, masked, before, after) => {
          const text = `${before} ${masked ? formatCnpj(cnpj) : cnpj} ${after}`;
          expect(findCnpj(text)).toBe(cnpj);
        },
      ),
    );
  });
});
