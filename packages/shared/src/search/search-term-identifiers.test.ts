import { describe, expect, it } from 'vitest';
import { searchTermIdentifiers } from './search-term-identifiers';

describe('searchTermIdentifiers', () => {
  it.each([
    ['11', '11'],
    ['(11) 9', '119'],
    ['+55 (11) 99999-8888', '5511999998888'],
    ['12.345', '12345'],
    ['11.222.333/0001-81', '11222333000181'],
    [' 0001- ', '0001'],
  ])('reads %j as the digits %j', (term, digits) => {
    expect(searchTermIdentifiers(term).digits).toBe(digits);
  });

  it.each(['Ana 11', '$1', 'ana', '12abc', '11#2', '()', '-', ''])('finds no digits term in %j', (term) => {
    expect(searchTermIdentifiers(term).digits).toBeNull();
  });

  it.each([
    ['12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['12.abc.345/01de-35', '12ABC34501DE35'],
    ['12.ABC.345/01', '12ABC34501'],
    ['12.ABC', '12ABC'],
    ['12.', '12'],
    ['AB.CDE.FGH/', 'ABCDEFGH'],
    ['12ABC34501DE35', '12ABC34501DE35'],
    ['12abc34501de35', '12ABC34501DE35'],
    ['12abc3', '12ABC3'],
    ['12ABC3', '12ABC3'],
    ['12abc', '12ABC'],
    ['12', '12'],
    ['AB1', 'AB1'],
    ['12ABC34501DE3', '12ABC34501DE3'],
    ['12.345', '12345'],
    ['11.222.333/0001-81', '11222333000181'],
  ])('reads %j as the beginning of the CNPJ %j', (term, prefix) => {
    expect(searchTermIdentifiers(term).cnpjPrefix).toBe(prefix);
  });

  it.each([
    '$1',
    'AB',
    'Nike',
    'ana',
    'ABCDEFGHIJKL',
    '1',
    '12.ABCD',
    '12-ABC',
    '12.ABC.345/01DE-3X',
    '12.ABC.345/01DE-351',
    '12ABC34501DE3X',
    '12ABC34501DEX',
    '12ABC34501DE351',
    '12ábc3',
    '12_ABC',
    'Ana 11',
    '(11) 9',
  ])('does not read %j as a CNPJ', (term) => {
    expect(searchTermIdentifiers(term).cnpjPrefix).toBeNull();
  });

  it('reads a short run of digits both ways, and "$1" neither way', () => {
    expect(searchTermIdentifiers('12')).toEqual({ digits: '12', cnpjPrefix: '12' });
    expect(searchTermIdentifiers('$1')).toEqual({ digits: null, cnpjPrefix: null });
    expect(searchTermIdentifiers('12abc3')).toEqual({ digits: null, cnpjPrefix: '12ABC3' });
  });
});
