import { describe, expect, it } from 'vitest';
import { csvDelimiter, toCsv } from './csv';

describe('CSV', () => {
  it('separates cells with ; in pt-BR and es, with , in en', () => {
    expect(csvDelimiter('pt-BR')).toBe(';');
    expect(csvDelimiter('es')).toBe(';');
    expect(csvDelimiter('en')).toBe(',');
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
