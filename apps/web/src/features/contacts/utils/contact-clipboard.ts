import type { Contact } from '@funil/shared';
import { formatPhone } from '@/lib/phone';
import { contactName, type ContactStateWords } from './contact-words';

type CopiedContact = Pick<
  Contact,
  'position' | 'first_name' | 'last_name' | 'email' | 'phone_number' | 'flag' | 'status'
>;

/** The words of the WhatsApp text, in the reader's language. */
export type WhatsAppLabels = {
  /** The first line, e.g. "Contatos — Marca X"; none when undefined. */
  header?: string;
  position: string;
  email: string;
  phone: string;
  /** Written after a principal contact's name, e.g. "⭐ Principal". */
  principalMarker: string;
};

/**
 * Contacts as a WhatsApp message: per contact its name in bold (WhatsApp's `*…*`) with the
 * principal marker, then position (when there is one), email and formatted phone, one per line;
 * a blank line between contacts.
 */
export function toWhatsAppText(contacts: readonly CopiedContact[], labels: WhatsAppLabels): string {
  const blocks = contacts.map((contact) => {
    const name = `*${singleLine(contactName(contact))}*`;
    const lines = [contact.flag === 'principal' ? `${name} ${labels.principalMarker}` : name];
    if (contact.position?.trim()) lines.push(`${labels.position}: ${singleLine(contact.position)}`);
    lines.push(`${labels.email}: ${contact.email}`);
    lines.push(`${labels.phone}: ${formatPhone(contact.phone_number)}`);
    return lines.join('\n');
  });
  const header = labels.header ? [`*${singleLine(labels.header)}*`] : [];
  return [...header, ...blocks].join('\n\n');
}

/** The column headers and state words of the spreadsheet text, in the reader's language. */
export type SpreadsheetLabels = ContactStateWords & {
  position: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  principal: string;
  status: string;
};

/**
 * Contacts as tab-separated columns that paste into a spreadsheet as cells: a header row, then
 * position, first name, last name, email, formatted phone, principal (yes/no) and status
 * (active/inactive) per contact.
 */
export function toSpreadsheetText(contacts: readonly CopiedContact[], labels: SpreadsheetLabels): string {
  const header = [
    labels.position,
    labels.firstName,
    labels.lastName,
    labels.email,
    labels.phone,
    labels.principal,
    labels.status,
  ];
  const rows = contacts.map((contact) => [
    contact.position ?? '',
    contact.first_name,
    contact.last_name,
    contact.email,
    formatPhone(contact.phone_number),
    contact.flag === 'principal' ? labels.yes : labels.no,
    contact.status === 'active' ? labels.active : labels.inactive,
  ]);
  return [header, ...rows].map((cells) => cells.map(singleLine).join('\t')).join('\n');
}

/** A tab or a line break inside a value would split it into two cells or two rows. */
function singleLine(value: string): string {
  return value.replace(/[\t\r\n]+/g, ' ').trim();
}
