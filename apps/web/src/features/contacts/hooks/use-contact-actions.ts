import type { Contact, ContactUpdateInput } from '@funil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDeleteContact, useUpdateContact } from '@/api/contacts';
import { getErrorMessage } from '@/lib/http';

/**
 * What a saved row does without entering edit mode: the status switch, the principal toggle
 * (with a confirmation when the brand already has another principal; the API demotes that one in
 * the same transaction) and the delete (with a confirmation). `onDeleted` hands the focus on,
 * since the deleted row's button goes away with it.
 */
export function useContactActions(contacts: readonly Contact[], onDeleted: () => void) {
  const { t } = useTranslation(['contacts', 'common']);
  const updateContact = useUpdateContact();
  const deleteContact = useDeleteContact();
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [principalCandidate, setPrincipalCandidate] = useState<Contact | null>(null);
  const [deleteCandidate, setDeleteCandidate] = useState<Contact | null>(null);

  function setBusy(id: string, busy: boolean) {
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function patch(contact: Contact, body: ContactUpdateInput, success: string) {
    setBusy(contact.id, true);
    try {
      await updateContact.mutateAsync({ id: contact.id, body });
      toast.success(success);
    } catch (error) {
      toast.error(t('common:errorTitle'), { description: getErrorMessage(error, t('errors.toggle')) });
    } finally {
      setBusy(contact.id, false);
    }
  }

  function setStatus(contact: Contact, active: boolean) {
    void patch(contact, { status: active ? 'active' : 'inactive' }, t('toasts.statusUpdated'));
  }

  function toggleFlag(contact: Contact) {
    if (contact.flag === 'principal') {
      void patch(contact, { flag: 'secundario' }, t('toasts.principalUpdated'));
      return;
    }
    const hasOtherPrincipal = contacts.some((other) => other.flag === 'principal' && other.id !== contact.id);
    if (hasOtherPrincipal) setPrincipalCandidate(contact);
    else void patch(contact, { flag: 'principal' }, t('toasts.principalUpdated'));
  }

  function confirmPrincipal() {
    if (!principalCandidate) return;
    setPrincipalCandidate(null);
    void patch(principalCandidate, { flag: 'principal' }, t('toasts.principalUpdated'));
  }

  async function confirmDelete() {
    const contact = deleteCandidate;
    if (!contact) return;
    setDeleteCandidate(null);
    setBusy(contact.id, true);
    try {
      await deleteContact.mutateAsync(contact.id);
      toast.success(t('toasts.deleted'));
      onDeleted();
    } catch (error) {
      toast.error(t('common:errorTitle'), { description: getErrorMessage(error, t('errors.delete')) });
    } finally {
      setBusy(contact.id, false);
    }
  }

  return {
    busyIds,
    setStatus,
    toggleFlag,
    principalCandidate,
    confirmPrincipal,
    cancelPrincipal: () => setPrincipalCandidate(null),
    deleteCandidate,
    requestDelete: setDeleteCandidate,
    confirmDelete: () => void confirmDelete(),
    cancelDelete: () => setDeleteCandidate(null),
  };
}
