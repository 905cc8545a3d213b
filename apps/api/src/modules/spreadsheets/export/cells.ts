import { formatCnpj, type Language } from '@funil/shared';

/**
 * What an export's cell holds, whatever the format: text, a BRL amount (the database's exact
 * decimal text, "1234.50"), an integer, or an instant (milliseconds since the epoch).
 */
export type CellType = 'text' | 'money' | 'integer' | 'date';

/** A row's values, one per column, typed by the column's CellType; null for an empty cell. */
export type CellValue = string | number | null;

/**
 * A text a spreadsheet would read as a formula if typed into a cell: =, +, -, @, tab or carriage
 * return first.
 */
export function startsLikeFormula(text: string): boolean {
  if (text.length === 0) return false;
  const first = text.charCodeAt(0);
  // = + - @ \t \r
  return first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13;
}

/**
 * OWASP's CSV injection, for the CSV only: a text that starts like a formula gets a leading
 * apostrophe, since a spreadsheet opening a CSV reads every field as typed. Text cells only;
 * numbers and dates never. (The importer strips the apostrophe again.) An XLSX needs no guard:
 * its texts are string cells, which a spreadsheet never evaluates.
 */
export function escapeFormula(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

/** 12ABC34501DE35 → 12.ABC.345/01DE-35 (numeric and alphanumeric); the stored form is 14 characters. */
export function maskCnpj(cnpj: string): string {
  if (cnpj.length !== 14) return formatCnpj(cnpj);
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}

/** The CSV's field separator and decimal mark per language: pt-BR and es `;` and `1234,50`, en `,` and `1234.50`. */
export const csvConventions = (language: Language) =>
  language === 'en' ? { delimiter: ',', decimalComma: false } : { delimiter: ';', decimalComma: true };

const HOUR_MS = 3_600_000;
/** Bound on the offsets kept per export (an hour each: a million leads over years is far below it). */
const MAX_KEPT_OFFSETS = 200_000;

/**
 * An instant's wall-clock time in `timeZone`, as the milliseconds of that wall-clock time read as
 * UTC (what exceljs writes as a date cell, and what `toISOString` prints). The offset is asked of
 * Intl once per hour of the timeline and kept; an hour holding a transition is computed per instant.
 */
export function wallClock(timeZone: string | undefined): (instant: number) => number {
  if (!timeZone || timeZone.toUpperCase() === 'UTC') return (instant) => instant;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsetAt = (instant: number): number => {
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(instant)) parts[part.type] = Number(part.value);
    const asUtc = Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
    );
    return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
  };
  const offsets = new Map<number, number | null>();
  return (instant) => {
    const hour = Math.floor(instant / HOUR_MS);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const start = offsetAt(hour * HOUR_MS);
      offset = start === offsetAt(hour * HOUR_MS + HOUR_MS - 1000) ? start : null;
      if (offsets.size >= MAX_KEPT_OFFSETS) offsets.clear();
      offsets.set(hour, offset);
    }
    return instant + (offset ?? offsetAt(instant));
  };
}

/** `yyyy-mm-dd hh:mm` of a wall-clock time made by `wallClock`. */
export function formatWallClock(wall: number): string {
  const iso = new Date(wall).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** `yyyy-mm-dd` of today in `timeZone` (the download's file name). */
export const todayIn = (timeZone: string | undefined, now = Date.now()) =>
  new Date(wallClock(timeZone)(now)).toISOString().slice(0, 10);
