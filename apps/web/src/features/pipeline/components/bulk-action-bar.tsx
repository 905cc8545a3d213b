import { type ContractStatus, isLostStatus } from '@funil/shared';
import { Trash2Icon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useLostReasonPrompt } from '@/components/lost-reason/use-lost-reason-prompt';
import { Button } from '@/components/ui/button';
import { useBulkLeads } from '../hooks/use-bulk-leads';
import type { LeadSelection } from '../hooks/use-lead-selection';
import { BulkMoveMenu } from './bulk-move-menu';

/** Whether an Esc belongs to something open above the page (a dialog, a menu, a listbox). */
const isEscapeTaken = () =>
  document.querySelector(
    ':is([role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]):not([data-state="closed"])',
  ) !== null;

type BulkActionBarProps = {
  selection: LeadSelection;
  /** Whether the user may delete leads (admin, manager): "Excluir" is offered only then. */
  canDelete: boolean;
};

/**
 * The bar at the bottom of the viewport while leads are selected: how many, "Mover para…" (a move
 * to Declinado or Cancelado asks once for the reason of them all), "Excluir" for whoever may
 * delete (after a confirmation), and "Limpar seleção" (Esc too). An action that succeeds clears
 * the selection; one that fails keeps it, to try again.
 */
export function BulkActionBar({ selection, canDelete }: BulkActionBarProps) {
  const { t } = useTranslation('pipeline');
  const { move, remove, isPending } = useBulkLeads();
  const { ask: askLostReason, dialog: lostReasonDialog } = useLostReasonPrompt();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { leads, clear } = selection;
  const count = leads.length;

  useEffect(() => {
    if (count === 0) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !isEscapeTaken()) clear();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [count, clear]);

  if (count === 0) return lostReasonDialog;

  const handleMove = async (to: ContractStatus) => {
    const reason = isLostStatus(to)
      ? await askLostReason({ brand: t('bulk.reasonSubject', { count }), status: to })
      : undefined;
    move.mutate({ leads, to, reason }, { onSuccess: clear });
  };

  const handleDelete = () => {
    setConfirmingDelete(false);
    remove.mutate(leads, { onSuccess: clear });
  };

  return (
    <>
      <div
        role="region"
        aria-label={t('bulk.label')}
        className="sticky bottom-2 z-30 mx-auto flex w-full max-w-3xl flex-wrap items-center gap-2 rounded-xl border bg-popover p-2 text-popover-foreground shadow-lg sm:bottom-4 sm:pl-4"
      >
        <p role="status" className="mr-auto px-2 text-sm font-medium tabular-nums sm:px-0">
          {t('bulk.selected', { count })}
        </p>
        {/* Narrow screens: the count and "Limpar seleção" on one line, the actions on the next. */}
        <div className="order-last flex w-full items-center gap-2 sm:order-none sm:w-auto">
          <BulkMoveMenu disabled={isPending} onMove={(to) => void handleMove(to)} />
          {canDelete && (
            <Button
              size="sm"
              variant="destructive"
              disabled={isPending}
              onClick={() => setConfirmingDelete(true)}
            >
              <Trash2Icon aria-hidden />
              {t('bulk.delete')}
            </Button>
          )}
        </div>
        <Button size="sm" variant="ghost" onClick={clear}>
          <XIcon aria-hidden />
          {t('bulk.clear')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmingDelete}
        title={t('bulk.confirmDeleteTitle', { count })}
        description={t('bulk.confirmDeleteDescription', { count })}
        confirmLabel={t('bulk.delete')}
        destructive
        onConfirm={handleDelete}
        onCancel={() => setConfirmingDelete(false)}
      />
      {lostReasonDialog}
    </>
  );
}
