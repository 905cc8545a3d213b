import type { Contact } from '@funil/shared';
import { CheckIcon, Loader2Icon, StarIcon, XIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { CONTACT_DRAFT_FIELDS, type ContactDraft, type ContactDraftField } from '../utils/contact-draft';
import { CONTACT_COLUMN_CLASS, CONTACT_FIELD_LABEL_KEYS } from './contact-columns';

type ContactEditRowProps = {
  /** The contact being edited; none for the new row. */
  contact?: Contact;
  initial: ContactDraft;
  isSaving: boolean;
  onSave: (draft: ContactDraft) => void;
  onCancel: () => void;
};

const INPUT_TYPES: Record<ContactDraftField, 'text' | 'email' | 'tel'> = {
  position: 'text',
  first_name: 'text',
  last_name: 'text',
  email: 'email',
  phone_number: 'tel',
};

const AUTOCOMPLETE: Record<ContactDraftField, string> = {
  position: 'organization-title',
  first_name: 'given-name',
  last_name: 'family-name',
  email: 'email',
  phone_number: 'tel',
};

/**
 * A contact row in edit mode. Enter saves, Esc cancels, Tab and Shift+Tab move between the five
 * fields (the browser's own order), and Tab from the phone, the last one, saves. The first field
 * has the focus as soon as the row opens.
 */
export function ContactEditRow({ contact, initial, isSaving, onSave, onCancel }: ContactEditRowProps) {
  const { t } = useTranslation('contacts');
  const [draft, setDraft] = useState(initial);
  const firstInput = useRef<HTMLInputElement>(null);
  const idPrefix = useId();
  const hintId = `${idPrefix}-hint`;

  useEffect(() => {
    firstInput.current?.focus();
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLTableRowElement>) {
    if (!(event.target instanceof HTMLInputElement)) return;
    const isLastField = event.target.name === 'phone_number';
    const saves = event.key === 'Enter' || (event.key === 'Tab' && !event.shiftKey && isLastField);
    if (saves) {
      event.preventDefault();
      if (!isSaving) onSave(draft);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (!isSaving) onCancel();
    }
  }

  const isPrincipal = contact?.flag === 'principal';
  const isActive = (contact?.status ?? 'active') === 'active';

  return (
    <TableRow
      data-editing="true"
      aria-label={contact ? undefined : t('row.newRow')}
      className="bg-muted/40 hover:bg-muted/40"
      onKeyDown={handleKeyDown}
    >
      {CONTACT_DRAFT_FIELDS.map((field) => {
        const inputId = `${idPrefix}-${field}`;
        return (
          <TableCell key={field} className={cn('py-1.5', CONTACT_COLUMN_CLASS[field])}>
            <label htmlFor={inputId} className="sr-only">
              {t(CONTACT_FIELD_LABEL_KEYS[field])}
            </label>
            <Input
              ref={field === 'position' ? firstInput : undefined}
              id={inputId}
              name={field}
              type={INPUT_TYPES[field]}
              inputMode={field === 'phone_number' ? 'tel' : undefined}
              autoComplete={AUTOCOMPLETE[field]}
              value={draft[field]}
              readOnly={isSaving}
              aria-describedby={hintId}
              placeholder={t(CONTACT_FIELD_LABEL_KEYS[field])}
              className="h-8"
              onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
            />
          </TableCell>
        );
      })}
      <TableCell className={CONTACT_COLUMN_CLASS.flag}>
        <StarIcon
          className={cn(
            'mx-auto size-4',
            isPrincipal ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
          )}
          aria-hidden
        />
        <span className="sr-only">{isPrincipal ? t('words.yes') : t('words.no')}</span>
      </TableCell>
      <TableCell className={cn('text-muted-foreground', CONTACT_COLUMN_CLASS.status)}>
        {isActive ? t('words.active') : t('words.inactive')}
      </TableCell>
      <TableCell className={CONTACT_COLUMN_CLASS.actions}>
        <span id={hintId} className="sr-only">
          {t('row.editingHint')}
        </span>
        <div className="flex justify-end gap-1">
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={t('row.save')}
            title={t('row.save')}
            disabled={isSaving}
            onClick={() => onSave(draft)}
          >
            {isSaving ? <Loader2Icon className="animate-spin" aria-hidden /> : <CheckIcon aria-hidden />}
          </Button>
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={t('row.cancel')}
            title={t('row.cancel')}
            disabled={isSaving}
            onClick={onCancel}
          >
            <XIcon aria-hidden />
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}
