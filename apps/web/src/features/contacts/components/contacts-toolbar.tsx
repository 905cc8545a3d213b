import { MessageCircleIcon, PlusIcon, SheetIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '@/components/search-box';
import { Button } from '@/components/ui/button';
import type { ContactCopyFormat } from '../hooks/use-copy-contacts';

type ContactsToolbarProps = {
  search: string;
  onSearchChange: (text: string) => void;
  /** The contacts the search shows; null while unknown (loading, or the load failed). */
  shownCount: number | null;
  createButtonRef: Ref<HTMLButtonElement>;
  canCreate: boolean;
  /** Why 'Novo Contato' is off, when it is for a reason the user cannot see (the limit). */
  createDisabledReason?: string;
  onCreate: () => void;
  onCopy: (format: ContactCopyFormat) => void;
  /** More buttons after the copy ones (the spreadsheet export). */
  actions?: ReactNode;
};

/** Search box, 'Novo Contato', the two copy buttons and the count; wraps on a narrow screen. */
export function ContactsToolbar({
  search,
  onSearchChange,
  shownCount,
  createButtonRef,
  canCreate,
  createDisabledReason,
  onCreate,
  onCopy,
  actions,
}: ContactsToolbarProps) {
  const { t } = useTranslation('contacts');
  const { t: tTable } = useTranslation('table');
  const canCopy = (shownCount ?? 0) > 0;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchBox value={search} onChange={onSearchChange} label={t('search')} />
      <Button
        ref={createButtonRef}
        size="sm"
        onClick={onCreate}
        disabled={!canCreate}
        title={createDisabledReason}
      >
        <PlusIcon aria-hidden />
        {t('newContact')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => onCopy('whatsapp')} disabled={!canCopy}>
        <MessageCircleIcon aria-hidden />
        {t('copy.whatsapp')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => onCopy('spreadsheet')} disabled={!canCopy}>
        <SheetIcon aria-hidden />
        {t('copy.spreadsheet')}
      </Button>
      {actions}
      <span className="ml-auto text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {shownCount === null ? null : tTable('total', { count: shownCount })}
      </span>
      {createDisabledReason ? (
        <p className="w-full text-sm text-muted-foreground">{createDisabledReason}</p>
      ) : null}
    </div>
  );
}
