/**
 * What a search term can find besides text: phones and CNPJs are stored without punctuation, so
 * they are matched by their characters, and only when the term looks like one of them. Any
 * other term ("Ana 11", "$1") is text: reducing it to its digits would find every phone or CNPJ
 * that holds them.
 */
export type SearchTermIdentifiers = {
  /**
   * The term's digits, to find anywhere in a phone or a CNPJ; null unless the term is made of
   * digits and the punctuation written around them ("(11) 9", "+55 11", "12.345/0001-").
   */
  digits: string | null;
  /**
   * The CNPJ characters the term begins, upper case without the mask; null unless the term has
   * the CNPJ's shape, complete or begun, with its mask ("12.ABC.345/01DE-35", "12.abc") or
   * without it ("12abc3", "12ABC34501DE35").
   */
  cnpjPrefix: string | null;
};

const DIGITS_TERM = /^[\d\s./()+-]*\d[\d\s./()+-]*$/;

// The mask of a CNPJ: C is a character of the root or the branch (0-9 or A-Z), D a check digit.
const CNPJ_MASK = 'CC.CCC.CCC/CCCC-DD';
/**
 * The beginning of a CNPJ without its mask, upper case: 2 to 14 characters, 0-9 or A-Z for the
 * first 12 and digits for the check digits. It must hold a digit, so a plain word that fits the
 * shape ("ANA", "NIKE") stays text and never reaches the CNPJ.
 */
const UNMASKED_CNPJ_PREFIX = /^(?=.*\d)(?:[0-9A-Z]{2,12}|[0-9A-Z]{12}[0-9]{1,2})$/;

// A masked CNPJ is recognised from its first separator on: two characters alone ("AB") are text.
const SHORTEST_MASKED_PREFIX = CNPJ_MASK.indexOf('.') + 1;

const fitsMask = (character: string, slot: string): boolean =>
  slot === 'C' ? /[0-9A-Z]/.test(character) : slot === 'D' ? /[0-9]/.test(character) : character === slot;

function beginsMaskedCnpj(term: string): boolean {
  return (
    term.length >= SHORTEST_MASKED_PREFIX &&
    term.length <= CNPJ_MASK.length &&
    [...term].every((character, index) => fitsMask(character, CNPJ_MASK.charAt(index)))
  );
}

export function searchTermIdentifiers(term: string): SearchTermIdentifiers {
  const trimmed = term.trim();
  const upper = trimmed.toUpperCase();
  const looksLikeCnpj = beginsMaskedCnpj(upper) || UNMASKED_CNPJ_PREFIX.test(upper);
  return {
    digits: DIGITS_TERM.test(trimmed) ? trimmed.replace(/\D/g, '') : null,
    cnpjPrefix: looksLikeCnpj ? upper.replace(/[^0-9A-Z]/g, '') : null,
  };
}
