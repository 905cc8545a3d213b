import type { Contact } from '@funil/shared';
import { StarIcon, Trash2Icon } from 'lucide-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatPhone } from '@/lib/phone';
import { cn } from '@/lib/utils';
import { contactName } from '../utils/contact-words';
import { CONTACT_COLUMN_CLASS } from './contact-columns';

type ContactRowProps = {
  contact: Contact;
  /** False while another row is being edited: one row at a time. */
  canEdit: boolean;
  canDelete: boolean;
  /** A toggle or a delete of this contact is on its way. */
  isBusy: boolean;
  /** The id of the text that tells how to edit a row. */
  hintId: string;
  onEdit: (contact: Contact) => void;
  onToggleFlag: (contact: Contact) => void;
  onStatusChange: (contact: Contact, active: boolean) => void;
  onDelete: (contact: Contact) => void;
};

// A click on one of the row's own controls is that control's, not a request to edit the row.
const ROW_CONTROLS = 'button, input, a, label, [role="switch"]';

/**
 * A saved contact: click it, or focus it and press Enter, to edit it in place. Its principal
 * toggle, status switch and delete button act at once (the principal change and the delete after
 * a confirmation).
 */
export function ContactRow({
  contact,
  canEdit,
  canDelete,
  isBusy,
  hintId,
  onEdit,
  onToggleFlag,
  onStatusChange,
  onDelete,
}: ContactRowProps) {
  const { t } = useTranslation('contacts');
  const name = contactName(contact);
  const isPrincipal = contact.flag === 'principal';
  const isActive = contact.status === 'active';

  function handleClick(event: MouseEvent<HTMLTableRowElement>) {
    if (!canEdit) return;
    if (event.target instanceof Element && event.target.closest(ROW_CONTROLS)) return;
    onEdit(contact);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTableRowElement>) {
    if (event.target !== event.currentTarget || event.key !== 'Enter' || !canEdit) return;
    event.preventDefault();
    onEdit(contact);
  }

  return (
    <TableRow
      tabIndex={0}
      data-contact-id={contact.id}
      aria-describedby={canEdit ? hintId : undefined}
      className={cn(
        'outline-none focus-visible:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset',
        canEdit && 'cursor-pointer',
      )}
      onClick={handleClick}
      onKeyDown={handleKeyDown}
    >
      <TableCell className={CONTACT_COLUMN_CLASS.position}>{contact.position}</TableCell>
      <TableCell className={cn('font-medium', CONTACT_COLUMN_CLASS.first_name)}>
        {contact.first_name}
      </TableCell>
      <TableCell className={CONTACT_COLUMN_CLASS.last_name}>{contact.last_name}</TableCell>
      <TableCell className={CONTACT_COLUMN_CLASS.email}>{contact.email}</TableCell>
      <TableCell className={cn('whitespace-nowrap tabular-nums', CONTACT_COLUMN_CLASS.phone_number)}>
        {formatPhone(contact.phone_number)}
      </TableCell>
      <TableCell className={CONTACT_COLUMN_CLASS.flag}>
        <Button
          size="icon-sm"
          variant="ghost"
          aria-pressed={isPrincipal}
          aria-label={t('row.principal', { name })}
          title={t('row.principal', { name })}
          disabled={isBusy}
          onClick={() => onToggleFlag(contact)}
        >
          <StarIcon
            className={cn(isPrincipal ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')}
            aria-hidden
          />
        </Button>
      </TableCell>
      <TableCell className={CONTACT_COLUMN_CLASS.status}>
        <div className="flex items-center gap-2">
          <Switch
            checked={isActive}
            aria-label={t('row.status', { name })}
            disabled={isBusy}
            onCheckedChange={(checked) => onStatusChange(contact, checked)}
          />
          <span className={cn('text-xs', !isActive && 'text-muted-foreground')} aria-hidden>
            {isActive ? t('words.active') : t('words.inactive')}
          </span>
        </div>
      </TableCell>
      <TableCell className={CONTACT_COLUMN_CLASS.actions}>
        {canDelete ? (
          <Button
            size="icon-sm"
            variant="ghost"
            className="text-destructive hover:text-destructive"
            aria-label={t('row.delete', { name })}
            title={t('row.delete', { name })}
            disabled={isBusy}
            onClick={() => onDelete(contact)}
          >
            <Trash2Icon aria-hidden />
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
}
