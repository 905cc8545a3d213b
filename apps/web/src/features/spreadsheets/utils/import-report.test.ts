import type { ImportResult } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { notImportedRows, reportRows, type ReportLabels } from './import-report';

const labels: ReportLabels = {
  row: 'Linha',
  name: 'Nome',
  result: 'Resultado',
  field: 'Campo',
  message: 'Mensagem',
  results: { create: 'Criado', update: 'Atualizado', unchanged: 'Sem alteração', skip: 'Ignorado' },
  withoutContact: (result) => `${result}, contato não importado`,
  fieldLabel: (field) =>
    field === null
      ? 'Linha'
      : ({ cnpj: 'CNPJ', name: 'Nome da marca', contact_email: 'Email do contato' }[field] ?? field),
};

/** A brands import: created, unchanged, skipped for two problems, created without its contact. */
const result: ImportResult = {
  dry_run: false,
  rows: 5,
  created: 2,
  updated: 0,
  unchanged: 1,
  contacts_skipped: 1,
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
      row: 5,
      field: 'contact_email',
      message: 'Email é obrigatório',
      part: 'contact',
      name: 'Sol Nascente',
      issues: [{ field: 'contact_email', message: 'Email é obrigatório' }],
    },
    // Not in the preview (none such normally): its problems come from the entry itself.
    { row: 9, field: null, message: 'Linha vazia', part: 'row', name: null, issues: [] },
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
    { row: 4, action: 'unchanged', values: { name: 'Lua' }, issues: [] },
    {
      row: 5,
      action: 'create',
      values: { name: 'Sol Nascente', contact_name: 'Ana' },
      issues: [{ field: 'contact_email', message: 'Email é obrigatório' }],
    },
  ],
};

describe('the import report (CSV)', () => {
  it('names each row, has a line per problem, says a contact was left out, and keeps rows the preview lacks', () => {
    expect(reportRows('brands', result, labels)).toEqual([
      ['Linha', 'Nome', 'Resultado', 'Campo', 'Mensagem'],
      ['2', 'Café', 'Criado', '', ''],
      ['3', 'Bar', 'Ignorado', 'CNPJ', 'CNPJ inválido'],
      ['3', 'Bar', 'Ignorado', 'Nome da marca', 'Nome curto'],
      ['4', 'Lua', 'Sem alteração', '', ''],
      ['5', 'Sol Nascente', 'Criado, contato não importado', 'Email do contato', 'Email é obrigatório'],
      ['9', '', 'Ignorado', 'Linha', 'Linha vazia'],
    ]);
  });

  it('names a contact row by the contact’s full name when the answer has no name', () => {
    const contacts: ImportResult = {
      ...result,
      skipped: [],
      preview: [
        {
          row: 2,
          action: 'skip',
          values: { first_name: 'Ana', last_name: 'Lima' },
          issues: [{ field: 'email', message: 'Email inválido' }],
        },
      ],
    };
    expect(reportRows('contacts', contacts, labels)[1]).toEqual([
      '2',
      'Ana Lima',
      'Ignorado',
      'email',
      'Email inválido',
    ]);
  });
});

describe('the rows not imported (report step)', () => {
  it('lists skipped rows and contacts left out, named, with every problem and what became of the brand', () => {
    expect(notImportedRows('brands', result)).toEqual([
      {
        row: 3,
        name: 'Bar',
        part: 'row',
        written: null,
        issues: [
          { field: 'cnpj', message: 'CNPJ inválido' },
          { field: 'name', message: 'Nome curto' },
        ],
      },
      {
        row: 5,
        name: 'Sol Nascente',
        part: 'contact',
        written: 'create',
        issues: [{ field: 'contact_email', message: 'Email é obrigatório' }],
      },
      { row: 9, name: null, part: 'row', written: null, issues: [{ field: null, message: 'Linha vazia' }] },
    ]);
  });

  it('takes the name from the row’s values when the answer has none, and an update for what it was', () => {
    const updated: ImportResult = {
      ...result,
      skipped: [{ ...result.skipped[1]!, name: null }],
      preview: [{ ...result.preview[3]!, action: 'update' }],
    };
    expect(notImportedRows('brands', updated)).toMatchObject([
      { row: 5, name: 'Sol Nascente', part: 'contact', written: 'update' },
    ]);
  });
});
