import { useTranslation } from 'react-i18next';
import { TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { ContactDraftField } from '../utils/contact-draft';

type ContactColumn = ContactDraftField | 'flag' | 'status' | 'actions';

/** Minimum widths: below them the table scrolls sideways inside its box instead of squeezing. */
export const CONTACT_COLUMN_CLASS: Record<ContactColumn, string> = {
  position: 'min-w-36',
  first_name: 'min-w-32',
  last_name: 'min-w-32',
  email: 'min-w-52',
  phone_number: 'min-w-44',
  flag: 'w-20 text-center',
  status: 'min-w-28',
  actions: 'w-24 text-right',
};

export const CONTACT_FIELD_LABEL_KEYS = {
  position: 'columns.position',
  first_name: 'columns.firstName',
  last_name: 'columns.lastName',
  email: 'columns.email',
  phone_number: 'columns.phone',
} as const satisfies Record<ContactDraftField, string>;

/** The contacts table's header row, in the order the cells of both row kinds follow. */
export function ContactsTableHeader() {
  const { t } = useTranslation('contacts');
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        <TableHead className={CONTACT_COLUMN_CLASS.position}>{t('columns.position')}</TableHead>
        <TableHead className={CONTACT_COLUMN_CLASS.first_name}>{t('columns.firstName')}</TableHead>
        <TableHead className={CONTACT_COLUMN_CLASS.last_name}>{t('columns.lastName')}</TableHead>
        <TableHead className={CONTACT_COLUMN_CLASS.email}>{t('columns.email')}</TableHead>
        <TableHead className={CONTACT_COLUMN_CLASS.phone_number}>{t('columns.phone')}</TableHead>
        <TableHead className={CONTACT_COLUMN_CLASS.flag}>{t('columns.principal')}</TableHead>
        <TableHead className={CONTACT_COLUMN_CLASS.status}>{t('columns.status')}</TableHead>
        <TableHead className={CONTACT_COLUMN_CLASS.actions}>{t('columns.actions')}</TableHead>
      </TableRow>
    </TableHeader>
  );
}

/** How many cells a row has: a state panel or a skeleton spans them all. */
export const CONTACT_COLUMN_COUNT = Object.keys(CONTACT_COLUMN_CLASS).length;
