import type { Contact } from '@funil/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { toSpreadsheetText, toWhatsAppText } from '../utils/contact-clipboard';

export type ContactCopyFormat = 'whatsapp' | 'spreadsheet';

/**
 * Copies the contacts shown (the search applied) to the clipboard, in the reader's language, and
 * says so in a toast; a browser that refuses the clipboard (no permission, no secure context)
 * gets an error toast instead.
 */
export function useCopyContacts(contacts: readonly Contact[], brandName?: string) {
  const { t } = useTranslation('contacts');

  function textOf(format: ContactCopyFormat): string {
    if (format === 'whatsapp') {
      return toWhatsAppText(contacts, {
        header: brandName ? t('copy.whatsappHeader', { brand: brandName }) : t('title'),
        position: t('columns.position'),
        email: t('columns.email'),
        phone: t('columns.phone'),
        principalMarker: t('copy.principalMarker'),
      });
    }
    return toSpreadsheetText(contacts, {
      position: t('columns.position'),
      firstName: t('columns.firstName'),
      lastName: t('columns.lastName'),
      email: t('columns.email'),
      phone: t('columns.phone'),
      principal: t('columns.principal'),
      status: t('columns.status'),
      yes: t('words.yes'),
      no: t('words.no'),
      active: t('words.active'),
      inactive: t('words.inactive'),
    });
  }

  return async function copy(format: ContactCopyFormat) {
    try {
      // `navigator.clipboard` is missing outside a secure context: that throws here as well.
      await navigator.clipboard.writeText(textOf(format));
      toast.success(t('copy.copied', { count: contacts.length }), {
        description: t(format === 'whatsapp' ? 'copy.whatsappDescription' : 'copy.spreadsheetDescription'),
      });
    } catch {
      toast.error(t('copy.failed'), { description: t('copy.failedDescription') });
    }
  };
}
