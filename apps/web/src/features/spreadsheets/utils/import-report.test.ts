import type { ImportResult } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { reportRows, type ReportLabels } from './import-report';

const labels: ReportLabels = {
  row: 'Linha',
  result: 'Resultado',
  field: 'Campo',
  message: 'Mensagem',
  results: { create: 'Criado', update: 'Atualizado', unchanged: 'Sem alteração', skip: 'Ignorado' },
  fieldLabel: (field) =>
    field === null ? 'Linha' : ({ cnpj: 'CNPJ', name: 'Nome da marca' }[field] ?? field),
};

const result: ImportResult = {
  dry_run: false,
  rows: 4,
  created: 2,
  updated: 0,
  unchanged: 0,
  contacts_skipped: 0,
  skipped: [
    {
      row: 3,
      field: 'cnpj',
      message: 'CNPJ inválido',
      part: 'row',
      name: 'Bar',
      issues: [
        { field: 'cnpj', message: 'CNPJ inválido' },
        { field: 'name', message: 'Nome curto' },
      ],
    },
    {
      row: 9,
      field: null,
      message: 'Linha vazia',
      part: 'row',
      name: null,
      issues: [{ field: null, message: 'Linha vazia' }],
    },
  ],
  columns: [],
  preview: [
    { row: 2, action: 'create', values: { name: 'Café' }, issues: [] },
    {
      row: 3,
      action: 'skip',
      values: { name: 'Bar' },
      issues: [
        { field: 'cnpj', message: 'CNPJ inválido' },
        { field: 'name', message: 'Nome curto' },
      ],
    },
    { row: 4, action: 'create', values: { name: 'Sol' }, issues: [] },
  ],
};

describe('the import report', () => {
  it('has a line per row, a line per problem, and the skipped rows the preview lacks', () => {
    expect(reportRows(result, labels)).toEqual([
      ['Linha', 'Resultado', 'Campo', 'Mensagem'],
      ['2', 'Criado', '', ''],
      ['3', 'Ignorado', 'CNPJ', 'CNPJ inválido'],
      ['3', 'Ignorado', 'Nome da marca', 'Nome curto'],
      ['4', 'Criado', '', ''],
      ['9', 'Ignorado', 'Linha', 'Linha vazia'],
    ]);
  });
});
