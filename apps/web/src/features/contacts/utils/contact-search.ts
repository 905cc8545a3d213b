import { type Contact, foldForSearch, searchTermIdentifiers } from '@funil/shared';
import type { ContactStateWords } from './contact-words';

type SearchableContact = Pick<
  Contact,
  'position' | 'first_name' | 'last_name' | 'email' | 'phone_number' | 'flag' | 'status'
>;

/**
 * Whether a contact matches the contacts table's search box. Every word of the query must match
 * something (so "ana souza" finds Ana Souza):
 * - the position, first name, last name or email, as a case- and accent-insensitive substring;
 * - the phone, by digits, when the word is made of digits and their punctuation ("99999" and
 *   "11 99999-9999" both find 5511999999999; "ana11" does not look in phones);
 * - a state word, whole: "sim"/"não" for principal or not, "ativo"/"inativo" for the status, in
 *   every language `words` lists (whole, because "ativo" is inside "inativo").
 */
export function contactMatches(
  contact: SearchableContact,
  query: string,
  words: readonly ContactStateWords[],
): boolean {
  const tokens = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return true;
  const texts = [contact.position, contact.first_name, contact.last_name, contact.email]
    .filter((value): value is string => Boolean(value))
    .map(foldForSearch);
  const states = stateWordsOf(contact, words);
  return tokens.every(
    (token) =>
      texts.some((text) => text.includes(token)) ||
      states.has(token) ||
      phoneHolds(contact.phone_number, token),
  );
}

function phoneHolds(phoneNumber: string, token: string): boolean {
  const { digits } = searchTermIdentifiers(token);
  return digits !== null && phoneNumber.includes(digits);
}

/** The words, in every given language, that describe this contact's flag and status. */
function stateWordsOf(contact: SearchableContact, words: readonly ContactStateWords[]): Set<string> {
  const isPrincipal = contact.flag === 'principal';
  const isActive = contact.status === 'active';
  return new Set(
    words.flatMap((language) =>
      [isPrincipal ? language.yes : language.no, isActive ? language.active : language.inactive].map(
        foldForSearch,
      ),
    ),
  );
}
