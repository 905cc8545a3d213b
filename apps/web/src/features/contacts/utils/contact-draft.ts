import { type Contact, contactCreateSchema } from '@funil/shared';
import type { z } from 'zod';
import { formatPhone } from '@/lib/phone';

/** The five fields a row edits, as typed: Tab goes through them in this order. */
export const CONTACT_DRAFT_FIELDS = ['position', 'first_name', 'last_name', 'email', 'phone_number'] as const;
export type ContactDraftField = (typeof CONTACT_DRAFT_FIELDS)[number];
export type ContactDraft = Record<ContactDraftField, string>;

export const EMPTY_CONTACT_DRAFT: ContactDraft = {
  position: '',
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
};

/** A saved contact as its row's inputs start: the phone as people read it. */
export function contactDraftOf(contact: Contact): ContactDraft {
  return {
    position: contact.position ?? '',
    first_name: contact.first_name,
    last_name: contact.last_name,
    email: contact.email,
    phone_number: formatPhone(contact.phone_number),
  };
}

// The API's own rules for these fields: trimmed, first name, last name, email, phone checked in
// that order, the phone kept as its digits, an empty position stored as none.
const draftSchema = contactCreateSchema.pick({
  position: true,
  first_name: true,
  last_name: true,
  email: true,
  phone_number: true,
});
export type CheckedContactDraft = z.output<typeof draftSchema>;

export type DraftCheck =
  | { ok: true; values: CheckedContactDraft }
  | {
      ok: false;
      /** The first failing rule's i18n key, e.g. "validation:contact.first_name_required". */ messageKey: string;
    };

/** Checks a row as the API would, and answers the first message that fails. */
export function checkContactDraft(draft: ContactDraft): DraftCheck {
  const result = draftSchema.safeParse(draft);
  if (result.success) return { ok: true, values: result.data };
  return { ok: false, messageKey: result.error.issues[0]?.message ?? 'validation:invalid' };
}

/**
 * The checked values of the fields the user changed, for a PATCH: a field left as it was is not
 * sent, so saving one field never rewrites the others (nor re-sends a phone only reformatted).
 */
export function changedContactFields(
  draft: ContactDraft,
  initial: ContactDraft,
  values: CheckedContactDraft,
): Partial<CheckedContactDraft> {
  const changed: Partial<CheckedContactDraft> = {};
  for (const field of CONTACT_DRAFT_FIELDS) {
    if (draft[field] !== initial[field]) Object.assign(changed, { [field]: values[field] });
  }
  return changed;
}
