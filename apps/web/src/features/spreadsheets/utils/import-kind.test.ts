import { IMPORT_MAX_BYTES } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { fileRefusal } from './import-kind';

describe('the file check before sending', () => {
  it('refuses what the server would: an old .xls, another type, an empty file, one too large', () => {
    expect(fileRefusal({ name: 'marcas.xls', size: 100 })).toBe('old_xls');
    expect(fileRefusal({ name: 'MARCAS.XLS ', size: 100 })).toBe('old_xls');
    expect(fileRefusal({ name: 'marcas.pdf', size: 100 })).toBe('wrong_type');
    expect(fileRefusal({ name: 'marcas.csv', size: 0 })).toBe('empty');
    expect(fileRefusal({ name: 'marcas.xlsx', size: IMPORT_MAX_BYTES + 1 })).toBe('too_large');
  });

  it('lets a CSV or an XLSX within the limit through', () => {
    expect(fileRefusal({ name: 'marcas.csv', size: 10 })).toBeNull();
    expect(fileRefusal({ name: 'Marcas.XLSX', size: IMPORT_MAX_BYTES })).toBeNull();
  });
});
