import { describe, expect, it } from 'vitest';
import { csvDecimalMark, csvDelimiter, csvNumber, toCsv } from './csv';

describe('CSV', () => {
  it('separates cells with ; in pt-BR and es, with , in en', () => {
    expect(csvDelimiter('pt-BR')).toBe(';');
    expect(csvDelimiter('es')).toBe(';');
    expect(csvDelimiter('en')).toBe(',');
  });

  it('writes numbers with the decimal mark that goes with the separator, never grouped', () => {
    expect(csvDecimalMark('pt-BR')).toBe(',');
    expect(csvDecimalMark('es')).toBe(',');
    expect(csvDecimalMark('en')).toBe('.');
    expect(csvNumber(1_234_567.5, 2, 'pt-BR')).toBe('1234567,50');
    expect(csvNumber(1_234_567.5, 2, 'en')).toBe('1234567.50');
    expect(csvNumber(42, 0, 'es')).toBe('42');
    expect(csvNumber(null, 1, 'pt-BR')).toBe('');
  });

  it('writes a BOM, CRLF lines, quotes where needed and escapes formulas', () => {
    const rows = [
      ['Linha', 'Mensagem'],
      ['2', 'a; b'],
      ['3', '=HYPERLINK("x")'],
    ];
    expect(toCsv(rows, 'pt-BR')).toBe('\uFEFFLinha;Mensagem\r\n2;"a; b"\r\n3;"\'=HYPERLINK(""x"")"');
    expect(toCsv([['a', 'b,c']], 'en')).toBe('\uFEFFa,"b,c"');
  });
});
