import {
  formatCnpj as formatWithMask,
  generateCnpj,
  isValidCnpj as hasValidCheckDigits,
  parseCnpj,
} from '@brazilian-utils/brazilian-utils';

// CNPJs come in two formats: the numeric one (14 digits) and the alphanumeric one the Receita
// Federal issues since July 2026 (12 characters 0-9/A-Z, then two numeric check digits, e.g.
// 12.ABC.345/01DE-35). @brazilian-utils reads both under `version: 2`; its default reads only
// the numeric one.
const BOTH_FORMATS = { version: 2 } as const;

/** The 14 characters without punctuation, upper case: how a CNPJ is stored and looked up. */
export function normalizeCnpj(value: string): string {
  return parseCnpj(value.toUpperCase(), BOTH_FORMATS);
}

/** Valid by its check digits, numeric or alphanumeric, with or without the mask, in any case. */
export function isValidCnpj(value: string): boolean {
  return hasValidCheckDigits(value, BOTH_FORMATS);
}

/**
 * 12ABC34501DE35 → 12.ABC.345/01DE-35. Also masks a CNPJ being typed ("12ABC3" → "12.ABC.3"), so
 * an input can format as the user types; characters past the 14th are dropped.
 */
export function formatCnpj(value: string): string {
  return formatWithMask(normalizeCnpj(value), BOTH_FORMATS);
}

/** A valid numeric CNPJ of a head office (branch 0001), for demo data and tests. */
export function generateNumericCnpj(): string {
  return generateCnpj({ version: 1, branch: 1 });
}
