import { CONTACTS_PER_BRAND_LIMIT } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import { AlertCircleIcon, InboxIcon, RefreshCwIcon, SearchXIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brandContactsQueryOptions } from '@/api/contacts';
import { useLoadError } from '@/components/data-table';
import { DataTableStatePanel } from '@/components/data-table/data-table-state-panel';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { useContactActions } from '../hooks/use-contact-actions';
import { useContactEditing } from '../hooks/use-contact-editing';
import { useContactSearchWords } from '../hooks/use-contact-search-words';
import { useCopyContacts } from '../hooks/use-copy-contacts';
import { contactMatches } from '../utils/contact-search';
import { contactName } from '../utils/contact-words';
import { CONTACT_COLUMN_COUNT, ContactsTableHeader } from './contact-columns';
import { ContactEditRow } from './contact-edit-row';
import { ContactRow } from './contact-row';
import { ContactsToolbar } from './contacts-toolbar';
import { ConfirmDialog } from '@/components/confirm-dialog';

export type ContactsTableProps = {
  brandId: string;
  /** The delete button is offered only with the record.delete permission (the API refuses it otherwise). */
  canDelete: boolean;
  /** Names the table and heads the WhatsApp text. */
  brandName?: string;
  /** More toolbar buttons (the spreadsheet export), composed by the route. */
  actions?: ReactNode;
};

const SKELETON_ROWS = 3;

/**
 * A brand's contacts, edited in place: click a row (or Enter on it) to edit it, one at a time;
 * 'Novo Contato' opens an empty row at the top. The principal toggle and the status switch act
 * from the row. The search filters the rows and what the two copy buttons put on the clipboard.
 */
export function ContactsTable({
  brandId,
  canDelete,
  brandName,
  actions: toolbarActions,
}: ContactsTableProps) {
  const { t } = useTranslation('contacts');
  const { t: tTable } = useTranslation('table');
  const query = useQuery(brandContactsQueryOptions(brandId));
  const loadError = useLoadError({
    error: query.error,
    title: t('errors.loadTitle'),
    fallback: t('errors.fetch'),
    toastId: 'contacts-load-error',
  });
  const [search, setSearch] = useState('');
  const words = useContactSearchWords();
  const contacts = useMemo(() => query.data?.data ?? [], [query.data]);
  const shown = useMemo(
    () => contacts.filter((contact) => contactMatches(contact, search, words)),
    [contacts, search, words],
  );

  const editing = useContactEditing(brandId);
  const createButtonRef = useRef<HTMLButtonElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const { focusTarget, clearFocusTarget } = editing;
  const actions = useContactActions(contacts, () => createButtonRef.current?.focus());
  const copy = useCopyContacts(shown, brandName);
  const hintId = useId();

  // A row that leaves edit mode gets the focus back. A contact just created arrives with the
  // list's refetch, so the focus waits for it; a row the search hides hands it to 'Novo Contato'.
  // If the user has moved on meanwhile (another row in edit mode, the focus put somewhere else),
  // the focus stays where the user put it.
  const isFetching = query.isFetching;
  const isEditingAny = editing.editing !== null;
  useEffect(() => {
    if (!focusTarget) return;
    const active = document.activeElement;
    const hasMovedOn =
      isEditingAny || (active !== null && active !== document.body && !tableRef.current?.contains(active));
    if (hasMovedOn) {
      clearFocusTarget();
      return;
    }
    if (focusTarget.contactId !== null) {
      const rows = tableRef.current?.querySelectorAll<HTMLElement>('[data-contact-id]') ?? [];
      const row = [...rows].find((element) => element.dataset.contactId === focusTarget.contactId);
      if (row) {
        row.focus();
        clearFocusTarget();
        return;
      }
      if (isFetching) return;
    }
    createButtonRef.current?.focus();
    clearFocusTarget();
  }, [focusTarget, clearFocusTarget, shown, isFetching, isEditingAny]);

  const atLimit = (query.data?.total ?? contacts.length) >= CONTACTS_PER_BRAND_LIMIT;
  const isEditingNew = editing.editing?.contactId === null;
  const isLoaded = query.isSuccess;

  let statePanel: ReactNode = null;
  if (query.isError) {
    statePanel = (
      <DataTableStatePanel
        role="alert"
        icon={<AlertCircleIcon className="size-8 text-destructive" />}
        title={t('errors.loadTitle')}
        description={loadError}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCwIcon aria-hidden />
            {tTable('error.retry')}
          </Button>
        }
      />
    );
  } else if (isLoaded && !isEditingNew && contacts.length === 0) {
    statePanel = (
      <DataTableStatePanel
        icon={<InboxIcon className="size-8 text-muted-foreground" />}
        title={t('empty.title')}
        description={t('empty.description')}
      />
    );
  } else if (isLoaded && !isEditingNew && shown.length === 0) {
    statePanel = (
      <DataTableStatePanel
        icon={<SearchXIcon className="size-8 text-muted-foreground" />}
        title={tTable('noResults.title')}
        description={tTable('noResults.description', { query: search })}
        action={
          <Button variant="outline" onClick={() => setSearch('')}>
            {tTable('noResults.clear')}
          </Button>
        }
      />
    );
  }

  const editingTarget = editing.editing;
  return (
    <section className="flex min-w-0 flex-col gap-4" aria-busy={query.isPending || query.isFetching}>
      <ContactsToolbar
        search={search}
        onSearchChange={setSearch}
        shownCount={isLoaded ? shown.length : null}
        createButtonRef={createButtonRef}
        canCreate={isLoaded && !editingTarget && !atLimit}
        createDisabledReason={atLimit ? t('limitReached', { limit: CONTACTS_PER_BRAND_LIMIT }) : undefined}
        onCreate={editing.startNew}
        onCopy={(format) => void copy(format)}
        actions={toolbarActions}
      />
      <p id={hintId} className="sr-only">
        {t('row.editHint')}
      </p>
      <div className="min-w-0 rounded-md border">
        <Table
          ref={tableRef}
          aria-label={brandName ? t('tableLabelWithBrand', { brand: brandName }) : t('tableLabel')}
        >
          <ContactsTableHeader />
          <TableBody>
            {query.isPending
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <TableRow key={index} className="h-12 hover:bg-transparent" data-testid="skeleton-row">
                    {Array.from({ length: CONTACT_COLUMN_COUNT }, (_, column) => (
                      <TableCell key={column}>
                        <Skeleton className="h-5 w-full max-w-32" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : null}
            {editingTarget?.contactId === null ? (
              <ContactEditRow
                initial={editingTarget.initial}
                isSaving={editing.isSaving}
                onSave={(draft) => void editing.save(draft)}
                onCancel={editing.cancel}
              />
            ) : null}
            {query.isError
              ? null
              : shown.map((contact) =>
                  editingTarget?.contactId === contact.id ? (
                    <ContactEditRow
                      key={contact.id}
                      contact={contact}
                      initial={editingTarget.initial}
                      isSaving={editing.isSaving}
                      onSave={(draft) => void editing.save(draft)}
                      onCancel={editing.cancel}
                    />
                  ) : (
                    <ContactRow
                      key={contact.id}
                      contact={contact}
                      canEdit={!editingTarget}
                      canDelete={canDelete}
                      isBusy={actions.busyIds.has(contact.id)}
                      hintId={hintId}
                      onEdit={editing.startEdit}
                      onToggleFlag={actions.toggleFlag}
                      onStatusChange={actions.setStatus}
                      onDelete={actions.requestDelete}
                    />
                  ),
                )}
          </TableBody>
        </Table>
        {/* Outside the table: on a narrow screen the table scrolls sideways, the message must not. */}
        {statePanel ? <div className="border-t">{statePanel}</div> : null}
      </div>

      <ConfirmDialog
        open={actions.principalCandidate !== null}
        title={t('confirmPrincipal.title')}
        description={t('confirmPrincipal.description')}
        onConfirm={actions.confirmPrincipal}
        onCancel={actions.cancelPrincipal}
      />
      <ConfirmDialog
        open={actions.deleteCandidate !== null}
        title={t('confirmDelete.title')}
        description={t('confirmDelete.description', {
          name: actions.deleteCandidate ? contactName(actions.deleteCandidate) : '',
        })}
        confirmLabel={t('confirmDelete.confirm')}
        destructive
        onConfirm={actions.confirmDelete}
        onCancel={actions.cancelDelete}
      />
    </section>
  );
}
