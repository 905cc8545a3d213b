import type { Contact } from '@funil/shared';

type NamedContact = Pick<Contact, 'first_name' | 'last_name'>;

/** The name people read: first and last name. */
export function contactName(contact: NamedContact): string {
  return `${contact.first_name} ${contact.last_name}`.trim();
}

/** How one language says whether a contact is principal and whether it is active. */
export type ContactStateWords = {
  yes: string;
  no: string;
  active: string;
  inactive: string;
};
