import {
  EXPORT_COLUMNS,
  IMPORT_FIELDS,
  LANGUAGES,
  sharedResources,
  SPREADSHEET_KINDS,
  type SpreadsheetKind,
} from '@funil/shared';
import { describe, expect, it } from 'vitest';
import {
  parseAmount,
  parseContactFlag,
  parseContractStatus,
  parseRecordStatus,
  parseYesNo,
  readCell,
} from './cell-values';
import { guessField, mapColumns, normaliseHeader, parseMapping } from './header-mapping';

describe('header mapping', () => {
  it('normalises case, accents, punctuation and spaces', () => {
    expect(normaliseHeader('  E-mail do   Contato ')).toBe('e mail do contato');
    expect(normaliseHeader('Razão_Social')).toBe('razao social');
    expect(normaliseHeader('AÑO DEL PROSPECTO')).toBe('ano del prospecto');
  });

  const headerOf = (language: (typeof LANGUAGES)[number], kind: SpreadsheetKind, field: string) =>
    String((sharedResources[language].spreadsheet.columns[kind] as Record<string, string>)[field]);

  it("maps every export's header row back, in every language, and every field's own key", () => {
    for (const kind of SPREADSHEET_KINDS) {
      for (const field of IMPORT_FIELDS[kind])
        expect(guessField(kind, field), `${kind}.${field}`).toBe(field);
      // What an export writes: every column but the timestamps (and an offering's stock), which
      // are the database's.
      const readOnly = (column: string) => !(IMPORT_FIELDS[kind] as readonly string[]).includes(column);
      const exported = EXPORT_COLUMNS[kind].filter((column) => !readOnly(column));
      expect(
        EXPORT_COLUMNS[kind]
          .filter(readOnly)
          .filter((column) => column !== 'createdAt' && column !== 'updatedAt'),
      ).toEqual(kind === 'offerings' ? ['held', 'sold', 'available'] : []);
      for (const language of LANGUAGES) {
        const headers = exported.map((field) => headerOf(language, kind, field).toUpperCase());
        expect(mapColumns(kind, headers), `${language} ${kind}`).toEqual(exported);
        expect(mapColumns(kind, [...headers, headerOf(language, kind, 'createdAt')]).at(-1)).toBeNull();
      }
      expect(EXPORT_COLUMNS[kind]).toContain('createdAt');
      expect(guessField(kind, 'createdAt')).toBeNull();
    }
  });

  it('reads Nome, Name and Nombre in a brands file as the brand, never the contact', () => {
    for (const header of ['Nome', 'Name', 'NOMBRE', 'Marca', 'Nome fantasia'])
      expect(mapColumns('brands', [header, 'Contato', 'CNPJ']), header).toEqual([
        'name',
        'contact_name',
        'cnpj',
      ]);
  });

  it("reads a contact column as the contact's full name unless a surname column is beside it", () => {
    const contactHeaders = [
      'Contato',
      'Contact',
      'Contacto',
      'Nome do contato',
      'Nombre del contacto',
      'Contact name',
      'Contato (nome completo)',
      'contact_name',
      ...LANGUAGES.map((language) => headerOf(language, 'brands', 'contact_name')),
    ];
    for (const header of contactHeaders) {
      expect(mapColumns('brands', ['Nome', header, 'Email']), header).toEqual([
        'name',
        'contact_name',
        'contact_email',
      ]);
      for (const surname of [
        'Sobrenome',
        'Sobrenome do contato',
        'Apellido',
        'Last name',
        'Contact last name',
      ])
        expect(mapColumns('brands', ['Nome', header, surname]), `${header} + ${surname}`).toEqual([
          'name',
          'contact_first_name',
          'contact_last_name',
        ]);
    }
    // A surname column the mapping ignores is no surname; one the mapping names is one.
    expect(mapColumns('brands', ['Nome', 'Contato', 'Sobrenome'], { Sobrenome: null })).toEqual([
      'name',
      'contact_name',
      null,
    ]);
    expect(mapColumns('brands', ['Nome', 'Contato', 'Família'], { Família: 'contact_last_name' })).toEqual([
      'name',
      'contact_first_name',
      'contact_last_name',
    ]);
    // Only a brands file has a contact's name to read.
    expect(guessField('leads', 'Contato')).toBeNull();
  });

  it('lets an explicit mapping win over any guess of a contact column', () => {
    expect(mapColumns('brands', ['Nome', 'Contato'], { Contato: 'contact_first_name' })).toEqual([
      'name',
      'contact_first_name',
    ]);
    expect(
      mapColumns('brands', ['Nome', 'Nome do contato', 'Sobrenome do contato'], {
        'Nome do contato': 'contact_name',
      }),
    ).toEqual(['name', 'contact_name', 'contact_last_name']);
    expect(mapColumns('brands', ['Contato', 'Nome'], { Contato: 'name', Nome: null })).toEqual([
      'name',
      null,
    ]);
  });

  it('knows natural aliases', () => {
    expect(guessField('brands', 'Nome Fantasia')).toBe('name');
    expect(guessField('brands', 'E-mail')).toBe('contact_email');
    expect(guessField('brands', 'Celular')).toBe('contact_phone');
    expect(guessField('leads', 'STATUS')).toBe('contract_status');
    expect(guessField('leads', 'Cota')).toBe('quota');
    expect(guessField('leads', 'cnpj')).toBe('brand_cnpj');
    expect(guessField('contacts', 'e-mail')).toBe('email');
    expect(guessField('brands', 'Coluna qualquer')).toBeNull();
  });

  it('serves the mapping first, then each field to the first column naming it', () => {
    const headers = ['CNPJ', 'Marca', 'Nome da marca', 'Extra', 'Status'];
    expect(mapColumns('brands', headers)).toEqual(['cnpj', 'name', null, null, 'status']);
    expect(
      mapColumns('brands', headers, { 'nome da marca': 'name', Extra: 'description', Status: null }),
    ).toEqual(['cnpj', null, 'name', 'description', null]);
  });

  it('reads a mapping: a JSON object of fields of the kind or null', () => {
    expect(parseMapping('brands', undefined)).toEqual({});
    expect(parseMapping('brands', '{"A":"name","B":null}')).toEqual({ A: 'name', B: null });
    expect(parseMapping('brands', '{"A":"assessment"}')).toBeNull();
    expect(parseMapping('brands', '{"A":1}')).toBeNull();
    expect(parseMapping('brands', '["name"]')).toBeNull();
    expect(parseMapping('brands', '{')).toBeNull();
  });
});

describe('cell values', () => {
  const text = (value: string) => readCell(value);

  it('takes text as written, whatever it starts with, and undoes the exporter escape', () => {
    for (const written of [
      '=== IMPORTANTE ===',
      '=HYPERLINK("http://x","y")',
      '+SUM(A1:A2)',
      "-cmd|' /C calc'!A0",
      '@SUM(1)',
      '+55 11 99999-0000',
      '- nota negativa',
      '-10',
      "'texto",
    ])
      expect(readCell(written), written).toEqual({ text: written, number: null });
    expect(readCell(' =1+1 ')).toEqual({ text: '=1+1', number: null });
    for (const escaped of ["'=1+1", "'+55 11", "'-5", "'@SUM(1)", "'\tcom tab", "'\rcom retorno"])
      expect(readCell(escaped), JSON.stringify(escaped)).toEqual({ text: escaped.slice(1), number: null });
    expect(readCell(12.5)).toEqual({ text: '12.5', number: 12.5 });
    expect(readCell(undefined)).toEqual({ text: '', number: null });
  });

  it('reads amounts by the file convention', () => {
    const semicolon = (value: string) => parseAmount(text(value), ';');
    const comma = (value: string) => parseAmount(text(value), ',');
    expect(semicolon('1.234,56')).toBe(1234.56);
    expect(semicolon('R$ 1.234,56')).toBe(1234.56);
    expect(semicolon('R$\u00a01.234.567,5')).toBe(1234567.5);
    expect(semicolon('1234,5')).toBe(1234.5);
    expect(semicolon('1.234')).toBe(1234);
    expect(semicolon('1234.56')).toBeNull();
    expect(semicolon('1,234.56')).toBe(1234.56);
    expect(comma('1234.56')).toBe(1234.56);
    expect(comma('1,234')).toBe(1234);
    expect(comma('1,234.5')).toBe(1234.5);
    expect(comma('1.234,5')).toBe(1234.5);
    expect(parseAmount(text('1234,5'), '\t')).toBeNull();
    expect(parseAmount(text('1.234,5'), null)).toBe(1234.5);
    expect(parseAmount(readCell(99.9), ';')).toBe(99.9);
    expect(semicolon('-3')).toBe(-3);
    for (const bad of ['abc', '1,2,3', '1.2.3', '12a', ',', 'R$', '1e5'])
      expect(semicolon(bad), bad).toBeNull();
  });

  it('reads yes/no, statuses, flags and contract statuses in any language', () => {
    for (const yes of ['Sim', 'YES', 'sí', 'true', '1', 'x', 'X'])
      expect(parseYesNo(text(yes)), yes).toBe(true);
    for (const no of ['Não', 'nao', 'No', 'false', '0', '']) expect(parseYesNo(text(no)), no).toBe(false);
    expect(parseYesNo(text('talvez'))).toBeNull();
    expect(parseYesNo(readCell(1))).toBe(true);
    expect(parseRecordStatus(text('Inativo'))).toBe('inactive');
    expect(parseRecordStatus(text('activo'))).toBe('active');
    expect(parseRecordStatus(text(''))).toBe('active');
    expect(parseRecordStatus(text('pausado'))).toBeNull();
    expect(parseContactFlag(text('Sí'))).toBe('principal');
    expect(parseContactFlag(text('Principal'))).toBe('principal');
    expect(parseContactFlag(text('Não'))).toBe('secundario');
    expect(parseContactFlag(text('secundário'))).toBe('secundario');
    expect(parseContactFlag(text('talvez'))).toBeNull();
    expect(parseContractStatus(text('No jurídico'))).toBe('no_juridico');
    expect(parseContractStatus(text('with legal'))).toBe('no_juridico');
    expect(parseContractStatus(text('CALIENTE'))).toBe('quente');
    expect(parseContractStatus(text('no_juridico'))).toBe('no_juridico');
    expect(parseContractStatus(text('Gelado'))).toBe('Gelado');
    expect(parseContractStatus(text(''))).toBeUndefined();
  });
});
