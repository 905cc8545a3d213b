import { describe, expect, it } from 'vitest';
import { apiContact } from '@/test/api-fixtures';
import { contactMatches } from './contact-search';
import type { ContactStateWords } from './contact-words';

const PT: ContactStateWords = { yes: 'Sim', no: 'Não', active: 'Ativo', inactive: 'Inativo' };
const EN: ContactStateWords = { yes: 'Yes', no: 'No', active: 'Active', inactive: 'Inactive' };
const ES: ContactStateWords = { yes: 'Sí', no: 'No', active: 'Activo', inactive: 'Inactivo' };

const ana = apiContact('Ana', {
  last_name: 'Conceição',
  position: 'Diretora de Marketing',
  email: 'ana@marca.com.br',
  phone_number: '5511999998888',
  flag: 'principal',
  status: 'active',
});
const bruno = apiContact('Bruno', {
  last_name: 'Lima',
  position: null,
  email: 'bruno@outra.com',
  phone_number: '12025550123',
  flag: 'secundario',
  status: 'inactive',
});

const matches = (query: string, words: ContactStateWords[] = [PT]) =>
  [ana, bruno].filter((contact) => contactMatches(contact, query, words)).map((c) => c.first_name);

describe('contactMatches', () => {
  it('matches everything on an empty or blank query', () => {
    expect(matches('')).toEqual(['Ana', 'Bruno']);
    expect(matches('   ')).toEqual(['Ana', 'Bruno']);
  });

  it('finds position, names and email, ignoring case and accents', () => {
    expect(matches('marketing')).toEqual(['Ana']);
    expect(matches('CONCEICAO')).toEqual(['Ana']);
    expect(matches('lima')).toEqual(['Bruno']);
    expect(matches('outra.com')).toEqual(['Bruno']);
  });

  it('needs every word to match something', () => {
    expect(matches('ana conceição')).toEqual(['Ana']);
    expect(matches('ana lima')).toEqual([]);
  });

  it('finds the phone by its digits, typed bare or formatted', () => {
    expect(matches('99999')).toEqual(['Ana']);
    expect(matches('+55 11 99999-8888')).toEqual(['Ana']);
    expect(matches('(202) 555')).toEqual(['Bruno']);
    expect(matches('77777')).toEqual([]);
  });

  it('looks in the phones only for words of digits and their punctuation', () => {
    expect(matches('ana 11')).toEqual(['Ana']);
    expect(matches('x1')).toEqual([]);
    expect(matches('$1')).toEqual([]);
  });

  it("finds principal contacts by 'sim' and the others by 'não'", () => {
    expect(matches('sim')).toEqual(['Ana']);
    expect(matches('não')).toEqual(['Bruno']);
    expect(matches('nao')).toEqual(['Bruno']);
  });

  it("finds by status, 'ativo' not matching 'inativo'", () => {
    expect(matches('ativo')).toEqual(['Ana']);
    expect(matches('Inativo')).toEqual(['Bruno']);
    expect(matches('sim inativo')).toEqual([]);
  });

  it('understands the state words of every language it is given', () => {
    expect(matches('yes', [PT, EN])).toEqual(['Ana']);
    expect(matches('inactive', [PT, EN])).toEqual(['Bruno']);
    expect(matches('si', [PT, ES])).toEqual(['Ana']);
    expect(matches('activo', [PT, ES])).toEqual(['Ana']);
    expect(matches('sim', [PT, ES])).toEqual(['Ana']);
    // Without English among the languages, "yes" is just text, found nowhere.
    expect(matches('yes', [PT])).toEqual([]);
  });
});
