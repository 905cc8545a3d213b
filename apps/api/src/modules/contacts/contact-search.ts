import { searchTermIdentifiers } from '@funil/shared';
import { and, or, type SQL, sql } from 'drizzle-orm';
import { contacts } from '../../db/schema';
import { containsText, escapeLike } from '../../lib/like';

const textContains = (search: string) =>
  or(
    containsText(contacts.position, search),
    containsText(contacts.firstName, search),
    containsText(contacts.lastName, search),
    containsText(contacts.email, search),
  );

/** The phone (stored as digits) holds the term's digits, when the term is made of digits and their punctuation. */
function phoneContains(term: string): SQL | undefined {
  const { digits } = searchTermIdentifiers(term);
  return digits ? sql`${contacts.phoneNumber} like ${`%${escapeLike(digits)}%`} escape '\\'` : undefined;
}

/**
 * The search box. A phone-like term ("(11) 98765") is one number: its digits, together, in the
 * phone, or the term in a text. Any other term is words that must each match ("Ana 11": Ana whose
 * phone, or text, holds 11); a word with letters matches texts only, so it never reaches a phone.
 */
export function contactSearch(search: string): SQL | undefined {
  if (searchTermIdentifiers(search).digits) return or(textContains(search), phoneContains(search));
  const words = search.split(/\s+/).filter(Boolean);
  return and(...words.map((word) => or(textContains(word), phoneContains(word))));
}
