import { isValidCnpj, normalizeCnpj } from '@funil/shared';

// 14 characters (12 of 0-9/A-Z, then two digits), the mask's punctuation each optional, not
// inside a longer run of letters and digits.
const CNPJ_CANDIDATE =
  /(?<![0-9A-Z])[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?[0-9]{2}(?![0-9A-Z])/gi;

/**
 * The first valid CNPJ written in `text` (masked or not, numeric or alphanumeric, any case),
 * normalized (14 characters, upper case); null when there is none. Candidates whose check digits
 * are wrong are skipped.
 */
export function findCnpj(text: string): string | null {
  for (const [candidate] of text.matchAll(CNPJ_CANDIDATE)) {
    if (isValidCnpj(candidate)) return normalizeCnpj(candidate);
  }
  return null;
}
