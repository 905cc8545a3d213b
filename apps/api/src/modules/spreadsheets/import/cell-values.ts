import { CONTRACT_STATUSES, type ContractStatus, LANGUAGES, sharedResources } from '@funil/shared';
import { normaliseHeader } from './header-mapping';
import type { Sheet, SheetCell } from './read-file';

/**
 * One cell, read for a field: its text as the answer shows it (trimmed), and a number when an
 * XLSX stored one. A text is taken as written, whatever it starts with (`=== IMPORTANTE ===`,
 * `+55 11 …`, `=HYPERLINK(…)`): it is stored as text and never evaluated, and the export escapes
 * it again. That escape is undone: a `'` the exporter put before `=`, `+`, `-`, `@`, a tab or a
 * carriage return (`'=1+1` is `=1+1`).
 */
export type CellValue = { text: string; number: number | null };

const EXPORT_ESCAPE = /^'[=+\-@\t\r]/;

export function readCell(cell: SheetCell | undefined): CellValue {
  if (cell === undefined) return { text: '', number: null };
  if (typeof cell === 'number') return { text: String(cell), number: cell };
  const trimmed = cell.trim();
  return { text: EXPORT_ESCAPE.test(trimmed) ? trimmed.slice(1) : trimmed, number: null };
}

/**
 * A money amount: an XLSX number as it is; text such as `1.234,56`, `R$ 1.234,56`, `1234,5` or
 * `1234.56`. When both `.` and `,` appear, the last one is the decimal separator. When only one
 * kind appears, it is the decimal separator if the file's convention says so (`,` in a
 * `;`-separated file or an XLSX, which Brazilian spreadsheets write; `.` in a `,`- or
 * tab-separated one), else a thousands separator, which must then group digits by three
 * (`1.234.567`): "1234.5" in a `;` file is refused rather than read as 12345. Null when not a number.
 */
export function parseAmount(cell: CellValue, delimiter: Sheet['delimiter']): number | null {
  if (cell.number !== null) return cell.number;
  let text = cell.text.replace(/^R\$/i, '').replace(/[\s\u00a0]/g, '');
  let sign = '';
  if (text.startsWith('-')) {
    sign = '-';
    text = text.slice(1);
  }
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let decimal: '.' | ',' | null;
  let thousands: '.' | ',';
  if (lastDot >= 0 && lastComma >= 0) {
    decimal = lastDot > lastComma ? '.' : ',';
    thousands = decimal === '.' ? ',' : '.';
  } else {
    const only = lastComma >= 0 ? ',' : '.';
    const decimalOfFile = delimiter === ',' || delimiter === '\t' ? '.' : ',';
    decimal = only === decimalOfFile ? only : null;
    thousands = decimal === null ? only : only === '.' ? ',' : '.';
  }
  const [integer = '', fraction, extra] = decimal ? text.split(decimal) : [text];
  if (extra !== undefined) return null;
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return null;
  if (integer.includes(thousands) && !new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})+$`).test(integer))
    return null;
  if (!/^\d+$/.test(integer.replaceAll(thousands, ''))) return null;
  const value = Number(
    `${sign}${integer.replaceAll(thousands, '')}${fraction === undefined ? '' : `.${fraction}`}`,
  );
  return Number.isFinite(value) ? value : null;
}

/** Every language's text of `spreadsheet:<group>.<key>`, normalised. */
const labelsOf = (group: 'values' | 'contractStatus', key: string): string[] =>
  LANGUAGES.map((language) =>
    normaliseHeader((sharedResources[language].spreadsheet[group] as Record<string, string>)[key] ?? ''),
  ).filter(Boolean);

const YES = new Set([
  ...labelsOf('values', 'yes'),
  'sim',
  'yes',
  'si',
  'true',
  '1',
  'x',
  's',
  'y',
  'verdadeiro',
]);
const NO = new Set([...labelsOf('values', 'no'), 'nao', 'no', 'false', '0', 'n', 'falso']);

/** Yes/no in any language, true/false, 1/0, x; empty is no. Null when it is none of them. */
export function parseYesNo(cell: CellValue): boolean | null {
  if (cell.number !== null) return cell.number === 1 ? true : cell.number === 0 ? false : null;
  const text = normaliseHeader(cell.text);
  if (text === '') return false;
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return null;
}

const ACTIVE = new Set([...labelsOf('values', 'active'), 'active', 'ativo', 'ativa', 'activo', 'activa']);
const INACTIVE = new Set([
  ...labelsOf('values', 'inactive'),
  'inactive',
  'inativo',
  'inativa',
  'inactivo',
  'inactiva',
]);

/** A record status by its label in any language or its value; empty is active. Null when unknown. */
export function parseRecordStatus(cell: CellValue): 'active' | 'inactive' | null {
  const text = normaliseHeader(cell.text);
  if (text === '' || ACTIVE.has(text)) return 'active';
  if (INACTIVE.has(text)) return 'inactive';
  return null;
}

/**
 * A contact's flag: yes in any language or "principal" (the export writes Sim/Yes/Sí) is
 * principal; no, "secundario" or empty is secundario. Null for anything else.
 */
export function parseContactFlag(cell: CellValue): 'principal' | 'secundario' | null {
  const text = normaliseHeader(cell.text);
  if (text === 'principal' || text === 'main' || YES.has(text)) return 'principal';
  if (text === '' || text === 'secundario' || text === 'secondary' || NO.has(text)) return 'secundario';
  return null;
}

const CONTRACT_STATUS_BY_TEXT = new Map<string, ContractStatus>();
for (const status of CONTRACT_STATUSES) {
  for (const text of [normaliseHeader(status), ...labelsOf('contractStatus', status)]) {
    if (!CONTRACT_STATUS_BY_TEXT.has(text)) CONTRACT_STATUS_BY_TEXT.set(text, status);
  }
}

/**
 * A contract status by its value or its label in any language; the text as it is when unknown
 * (the lead schema then answers "Status do contrato inválido"), undefined when empty.
 */
export function parseContractStatus(cell: CellValue): string | undefined {
  if (cell.text === '') return undefined;
  return CONTRACT_STATUS_BY_TEXT.get(normaliseHeader(cell.text)) ?? cell.text;
}
