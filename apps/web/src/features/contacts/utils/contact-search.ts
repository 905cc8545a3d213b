import { type Contact, foldForSearch } from '@funil/shared';
import type { ContactStateWords } from './contact-words';

type SearchableContact = Pick<
  Contact,
  'position' | 'first_name' | 'last_name' | 'email' | 'phone_number' | 'flag' | 'status'
>;

// A word made only of digits and what people write around them in a phone: "+55", "(11)", "99999-9999".
const PHONE_LIKE = /^[\d\s+().-]*\d[\d\s+().-]*$/;

/**
 * Whether a contact matches the contacts table's search box. Every word of the query must match
 * something (so "ana souza" finds Ana Souza):
 * - the position, first name, last name or email, as a case- and accent-insensitive substring;
 * - the phone, by digits ("99999" and "11 99999-9999" both find 5511999999999);
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
      (PHONE_LIKE.test(token) && contact.phone_number.includes(token.replace(/\D/g, ''))),
  );
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
