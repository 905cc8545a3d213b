import type { Contact } from '@funil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCreateContact, useUpdateContact } from '@/api/contacts';
import { getErrorMessage } from '@/lib/http';
import {
  changedContactFields,
  checkContactDraft,
  type ContactDraft,
  contactDraftOf,
  EMPTY_CONTACT_DRAFT,
} from '../utils/contact-draft';

/** The one row in edit mode: a saved contact (by id) or the new row (`contactId` null). */
export type ContactEditTarget = { contactId: string | null; initial: ContactDraft };

/** Where the focus goes when a row leaves edit mode: that contact's row, or the create button. */
export type ContactFocusTarget = { contactId: string } | { contactId: null };

/**
 * The inline editing of a brand's contacts: one row at a time, the new row at the top, and the
 * save of a row — checked on the client first (toast 'Validação' with the first failing rule),
 * then created or patched (only the changed fields), with the success or 'Erro' toast.
 */
export function useContactEditing(brandId: string) {
  const { t } = useTranslation(['contacts', 'common']);
  const [editing, setEditing] = useState<ContactEditTarget | null>(null);
  const [focusTarget, setFocusTarget] = useState<ContactFocusTarget | null>(null);
  const createContact = useCreateContact();
  const updateContact = useUpdateContact();
  const isSaving = createContact.isPending || updateContact.isPending;

  function startEdit(contact: Contact) {
    if (editing) return;
    setEditing({ contactId: contact.id, initial: contactDraftOf(contact) });
  }

  function startNew() {
    if (editing) return;
    setEditing({ contactId: null, initial: EMPTY_CONTACT_DRAFT });
  }

  function leave(contactId: string | null) {
    setEditing(null);
    setFocusTarget({ contactId });
  }

  function cancel() {
    if (editing && !isSaving) leave(editing.contactId);
  }

  async function save(draft: ContactDraft) {
    if (!editing || isSaving) return;
    const check = checkContactDraft(draft);
    if (!check.ok) {
      // Message keys come from packages/shared at run time, so they are not literal key types.
      toast.error(t('validationTitle'), { description: t(check.messageKey as never) });
      return;
    }
    const { contactId } = editing;
    try {
      if (contactId === null) {
        const created = await createContact.mutateAsync({ brand_id: brandId, ...check.values });
        toast.success(t('toasts.created'));
        leave(created.id);
        return;
      }
      const body = changedContactFields(draft, editing.initial, check.values);
      if (Object.keys(body).length > 0) {
        await updateContact.mutateAsync({ id: contactId, body });
        toast.success(t('toasts.updated'));
      }
      leave(contactId);
    } catch (error) {
      toast.error(t('common:errorTitle'), { description: getErrorMessage(error, t('errors.save')) });
    }
  }

  return {
    editing,
    isSaving,
    startEdit,
    startNew,
    cancel,
    save,
    focusTarget,
    clearFocusTarget: () => setFocusTarget(null),
  };
}
