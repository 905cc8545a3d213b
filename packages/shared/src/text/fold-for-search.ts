// The letters the database's f_unaccent_lower (migration 0000) folds, in the same order: this
// function is its TypeScript twin, so a search or sort done on the client, in a test or in a
// script folds text exactly as the database does. Letters outside the table (ł, ś, ø…) are kept
// by both, only lower-cased.
const ACCENTED = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ';
const PLAIN = 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnnyyy';

const plainOf = new Map([...ACCENTED].map((letter, index) => [letter, PLAIN[index] as string]));
const accentedLetter = new RegExp(`[${ACCENTED}]`, 'gu');

/**
 * Lower case without accents ("São Paulo" → "sao paulo"): the rule every search and name sort
 * follows. Accents are replaced before lower-casing, like the database function.
 */
export function foldForSearch(text: string): string {
  return text.replace(accentedLetter, (letter) => plainOf.get(letter) ?? letter).toLowerCase();
}
