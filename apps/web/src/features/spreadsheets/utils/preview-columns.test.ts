import { describe, expect, it } from 'vitest';
import { lineText, previewColumns, rowName } from './preview-columns';

describe('the preview’s columns', () => {
  it('show a brand’s name, CNPJ and contact (name, email, phone), only what the file maps', () => {
    const columns = previewColumns('brands', [
      'name',
      'company_name',
      'cnpj',
      'contact_name',
      'contact_email',
      'contact_phone',
    ]);
    expect(columns.map((column) => [column.id, column.lines.map((line) => line.fields)])).toEqual([
      ['brand', [['name']]],
      ['cnpj', [['cnpj']]],
      ['contact', [['contact_name'], ['contact_email'], ['contact_phone']]],
    ]);
    expect(columns[1]!.lines[0]!.identifier).toBe(true);
  });

  it('leave out a column no mapped field fills', () => {
    expect(previewColumns('brands', ['name', 'cnpj']).map((column) => column.id)).toEqual(['brand', 'cnpj']);
    expect(previewColumns('contacts', ['brand_cnpj', 'email']).map((column) => column.id)).toEqual([
      'brand',
      'contact',
    ]);
  });

  it('join a line’s non-empty values', () => {
    const [, , contact] = previewColumns('brands', [
      'name',
      'cnpj',
      'contact_first_name',
      'contact_last_name',
    ]);
    expect(lineText(contact!.lines[0]!, { contact_first_name: 'Ana', contact_last_name: ' Lima ' })).toBe(
      'Ana Lima',
    );
    expect(lineText(contact!.lines[0]!, { contact_first_name: 'Ana', contact_last_name: '' })).toBe('Ana');
  });
});

describe('a row’s name', () => {
  it('is the brand’s, the lead’s brand’s or the contact’s full name', () => {
    expect(rowName('brands', { name: 'Café Sol' })).toBe('Café Sol');
    expect(rowName('leads', { brand_name: 'Café Sol', vertical: 'Música' })).toBe('Café Sol');
    expect(rowName('contacts', { first_name: 'Ana', last_name: 'Lima' })).toBe('Ana Lima');
    expect(rowName('brands', { name: '  ' })).toBeNull();
  });
});
