import { describe, expect, it } from 'vitest';
import { csvColumnSamples, csvSamples } from './csv-samples';
import { REQUIRED_FIELDS, isSpreadsheetFileName } from './import-kind';
import { importPath, kindFromParam } from './import-path';
import {
  assignField,
  mappingFromColumns,
  mappingJson,
  missingRequired,
  previewSamples,
} from './import-mapping';

const columns = [
  { header: 'Fantasia', field: null },
  { header: 'Razão social', field: 'company_name' },
  { header: 'CNPJ', field: 'cnpj' },
  { header: 'Obs', field: null },
];

describe('the column mapping', () => {
  it('starts as the server read the file and is sent as header → field, null for ignored', () => {
    const mapping = mappingFromColumns(columns);
    expect(JSON.parse(mappingJson(mapping))).toEqual({
      Fantasia: null,
      'Razão social': 'company_name',
      CNPJ: 'cnpj',
      Obs: null,
    });
  });

  it('gives a field to one column only: the column that had it is ignored and named', () => {
    const first = assignField(mappingFromColumns(columns), 0, 'name');
    expect(first.movedFrom).toBeNull();
    expect(first.mapping[0]).toEqual({ header: 'Fantasia', field: 'name' });

    const second = assignField(first.mapping, 3, 'cnpj');
    expect(second.movedFrom).toBe('CNPJ');
    expect(second.mapping.map((column) => column.field)).toEqual(['name', 'company_name', null, 'cnpj']);

    const ignored = assignField(second.mapping, 1, null);
    expect(ignored.movedFrom).toBeNull();
    expect(ignored.mapping[1]!.field).toBeNull();
  });

  it('keeps the first choice of a header the file repeats', () => {
    expect(
      JSON.parse(
        mappingJson([
          { header: 'Nome', field: 'name' },
          { header: 'Nome', field: 'contact_first_name' },
        ]),
      ),
    ).toEqual({ Nome: 'name' });
  });

  it('names the required fields no column fills; either of a pair is enough', () => {
    expect(missingRequired(mappingFromColumns(columns), REQUIRED_FIELDS.brands)).toEqual([['name']]);
    expect(
      missingRequired(
        [
          { header: 'Marca', field: 'brand_name' },
          { header: 'Nome', field: 'first_name' },
        ],
        REQUIRED_FIELDS.contacts,
      ),
    ).toEqual([['last_name'], ['email'], ['phone_number']]);
  });

  it('takes a column’s examples from the preview: distinct, non-empty, a few', () => {
    const preview = ['A', '', 'A', 'B', 'C', 'D'].map((name, index) => ({
      row: index + 2,
      action: 'create' as const,
      values: { name },
      issues: [],
    }));
    expect(previewSamples(preview, 'name')).toEqual(['A', 'B', 'C']);
    expect(previewSamples(preview, null)).toEqual([]);
    expect(previewSamples(preview, 'cnpj')).toEqual([]);
  });
});

describe('a CSV’s examples', () => {
  it('reads the headers and first values whatever the separator, BOM ignored', () => {
    const csv = csvSamples(
      '\uFEFFFantasia;CNPJ\r\nCafé Sol;11.222.333/0001-81\r\n;\r\nBar Lua;x\r\nMais;y\r\n',
    );
    expect(csv.headers).toEqual(['Fantasia', 'CNPJ']);
    expect(csv.samples).toEqual([
      ['Café Sol', 'Bar Lua'],
      ['11.222.333/0001-81', 'x'],
    ]);
    expect(csvColumnSamples(csv, { header: 'Fantasia', field: null }, 0)).toEqual(['Café Sol', 'Bar Lua']);
    expect(csvColumnSamples(csv, { header: 'CNPJ', field: 'cnpj' }, 5)).toEqual(['11.222.333/0001-81', 'x']);
    expect(csvColumnSamples(csv, { header: 'Outra', field: null }, 0)).toEqual([]);
    expect(csvColumnSamples(null, { header: 'CNPJ', field: null }, 0)).toEqual([]);
  });
});

describe('the wizard’s kinds', () => {
  it('reads ?tipo= and builds the link back', () => {
    expect(kindFromParam('oportunidades')).toBe('leads');
    expect(kindFromParam('contatos')).toBe('contacts');
    expect(kindFromParam('toString')).toBe('brands');
    expect(kindFromParam(null)).toBe('brands');
    expect(importPath('leads')).toBe('/importar?tipo=oportunidades');
  });

  it('accepts .csv and .xlsx files by name', () => {
    expect(isSpreadsheetFileName('Marcas.CSV')).toBe(true);
    expect(isSpreadsheetFileName('marcas.xlsx')).toBe(true);
    expect(isSpreadsheetFileName('marcas.xls')).toBe(false);
    expect(isSpreadsheetFileName('marcas.csv.pdf')).toBe(false);
  });
});
