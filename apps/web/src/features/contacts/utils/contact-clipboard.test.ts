import { describe, expect, it } from 'vitest';
import { apiContact } from '@/test/api-fixtures';
import { toSpreadsheetText, toWhatsAppText, type SpreadsheetLabels } from './contact-clipboard';

const ana = apiContact('Ana', {
  last_name: 'Souza',
  position: 'Diretora',
  email: 'ana@marca.com.br',
  phone_number: '5511999999999',
  flag: 'principal',
});
const bruno = apiContact('Bruno', {
  last_name: 'Lima',
  position: null,
  email: 'bruno@marca.com.br',
  phone_number: '551130000000',
  status: 'inactive',
});

const whatsAppLabels = {
  position: 'Cargo',
  email: 'Email',
  phone: 'Telefone',
  principalMarker: '⭐ Principal',
};

const spreadsheetLabels: SpreadsheetLabels = {
  position: 'Cargo',
  firstName: 'Nome',
  lastName: 'Sobrenome',
  email: 'Email',
  phone: 'Telefone',
  principal: 'Principal',
  status: 'Status',
  yes: 'Sim',
  no: 'Não',
  active: 'Ativo',
  inactive: 'Inativo',
};

describe('toWhatsAppText', () => {
  it('writes each contact as a block, a blank line between them, under the brand header', () => {
    expect(toWhatsAppText([ana, bruno], { ...whatsAppLabels, header: 'Contatos — Marca X' })).toBe(
      [
        '*Contatos — Marca X*',
        '',
        '*Ana Souza* ⭐ Principal',
        'Cargo: Diretora',
        'Email: ana@marca.com.br',
        'Telefone: +55 11 99999-9999',
        '',
        '*Bruno Lima*',
        'Email: bruno@marca.com.br',
        'Telefone: +55 11 3000-0000',
      ].join('\n'),
    );
  });

  it('has no header line without a header, and nothing for no contact', () => {
    expect(toWhatsAppText([bruno], whatsAppLabels)).toBe(
      '*Bruno Lima*\nEmail: bruno@marca.com.br\nTelefone: +55 11 3000-0000',
    );
    expect(toWhatsAppText([], whatsAppLabels)).toBe('');
  });
});

describe('toSpreadsheetText', () => {
  it('writes a header row and one tab-separated row per contact', () => {
    expect(toSpreadsheetText([ana, bruno], spreadsheetLabels).split('\n')).toEqual([
      'Cargo\tNome\tSobrenome\tEmail\tTelefone\tPrincipal\tStatus',
      'Diretora\tAna\tSouza\tana@marca.com.br\t+55 11 99999-9999\tSim\tAtivo',
      '\tBruno\tLima\tbruno@marca.com.br\t+55 11 3000-0000\tNão\tInativo',
    ]);
  });

  it('keeps a value with a tab or a line break in its own cell', () => {
    const odd = apiContact('Carla', { position: 'Compras\tSul\nRS' });
    const [, row] = toSpreadsheetText([odd], spreadsheetLabels).split('\n');
    expect(row?.split('\t')).toHaveLength(7);
    expect(row?.startsWith('Compras Sul RS\tCarla\t')).toBe(true);
  });

  it('writes the header alone for no contact', () => {
    expect(toSpreadsheetText([], spreadsheetLabels)).toBe(
      'Cargo\tNome\tSobrenome\tEmail\tTelefone\tPrincipal\tStatus',
    );
  });
});
