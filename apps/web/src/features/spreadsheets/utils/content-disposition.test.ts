import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition';

describe('fileNameFromContentDisposition', () => {
  it('prefers the UTF-8 extended name, decoding its accents', () => {
    expect(
      fileNameFromContentDisposition(
        `attachment; filename="oportunidades-2026.csv"; filename*=UTF-8''oportunidades-s%C3%A3o-paulo.csv`,
      ),
    ).toBe('oportunidades-são-paulo.csv');
  });

  it('reads the extended name whatever its place, case and language tag', () => {
    expect(fileNameFromContentDisposition(`attachment; FILENAME*=utf-8'pt-BR'marcas%20ativas.xlsx`)).toBe(
      'marcas ativas.xlsx',
    );
  });

  it('falls back to the quoted name, with its escaped quotes and semicolons', () => {
    expect(fileNameFromContentDisposition('attachment; filename="a \\"b\\"; c.csv"')).toBe('a "b"; c.csv');
  });

  it('reads an unquoted name', () => {
    expect(fileNameFromContentDisposition('attachment; filename=contatos.csv')).toBe('contatos.csv');
  });

  it('falls back to the plain name when the extended one is malformed or in another charset', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="x.csv"`)).toBe(
      'x.csv',
    );
    expect(fileNameFromContentDisposition(`attachment; filename*=koi8-r''abc; filename="y.csv"`)).toBe(
      'y.csv',
    );
  });

  it('decodes an ISO-8859-1 extended name', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=ISO-8859-1''relat%F3rio.csv`)).toBe(
      'relatório.csv',
    );
  });

  it('keeps no folder part nor control characters', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''a%0Ab%5Cc.csv`)).toBe('c.csv');
  });

  it('answers null when there is no name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=".."')).toBeNull();
  });
});
