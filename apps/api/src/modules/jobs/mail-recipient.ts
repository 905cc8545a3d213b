import { type Language, LANGUAGES } from '@funil/shared';

/** The user's language for mail sent without a request (null or unknown: pt-BR). */
export const mailLanguage = (language: string | null): Language =>
  (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'pt-BR';

/**
 * The columns every notice job reads about its recipient and its record: who gets the email (and
 * whether they still may), in which language, and the record it links to.
 */
export type RecipientRow = {
  job_id: string | number;
  email: string | null;
  name: string | null;
  language: string | null;
  is_active: boolean | null;
  lead_id: string | null;
  brand_id: string | null;
  /** The record's name: "Brand — assessment" for a lead. */
  record: string | null;
};
