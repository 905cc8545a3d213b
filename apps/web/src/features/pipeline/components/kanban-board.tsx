import { CONTRACT_STATUSES, type ContractStatus, isLostStatus } from '@funil/shared';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lead, LeadFilters } from '@/api/leads';
import { useLostReasonPrompt } from '@/components/lost-reason/use-lost-reason-prompt';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/http';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { useStoredState } from '@/lib/use-stored-state';
import { type LoadedBoard, useBoard, useBoardSummary } from '../hooks/use-board';
import { BoardDragContext, loadBoardDnd, useBoardDndLoaded } from '../hooks/use-board-drag';
import type { BoardDragBinder } from '../utils/board-drag-data';
import { useMoveLead } from '../hooks/use-move-lead';
import { blockTextSelection } from '../utils/block-text-selection';
import { parseCollapsedColumns, serializeCollapsedColumns, toggleColumn } from '../utils/collapsed-columns';
import { KanbanColumn } from './kanban-column';

/** The cards checked for a bulk action, and how a card's checkbox changes them. */
export type BoardSelection = {
  selectedIds: ReadonlySet<string>;
  /** Stable: checks or unchecks a card; with `order`, the range from the card toggled last. */
  onToggleSelect: (lead: Lead, order: readonly Lead[] | null) => void;
};

type KanbanBoardProps = BoardSelection & {
  filters: LeadFilters;
  /** Stable: a card's click or Enter opens the lead's details. */
  onOpenDetails: (leadId: string) => void;
};

// dnd-kit, rendered once useBoardDndLoaded has fetched it after the board's first paint.
const LazyBoardDnd = lazy(async () => ({ default: await loadBoardDnd() }));

const BOARD_HEIGHT = 'h-[calc(100dvh-15rem)] min-h-[26rem]';

/** The Kanban: eight columns that page on their own, headed by true counts and sums. */
export function KanbanBoard({ filters, onOpenDetails, selectedIds, onToggleSelect }: KanbanBoardProps) {
  const { t } = useTranslation('pipeline');
  const board = useBoard(filters);
  // dnd-kit is fetched from the first paint on (the skeleton's, while the board's call is out), so
  // that it is usually there by the time the cards are; LoadedKanban binds them once it is.
  useEffect(() => {
    loadBoardDnd().catch(() => undefined);
  }, []);

  if (board.data) {
    return (
      <LoadedKanban
        loaded={board.data}
        onOpenDetails={onOpenDetails}
        selectedIds={selectedIds}
        onToggleSelect={onToggleSelect}
      />
    );
  }
  if (board.isError) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 rounded-xl border p-8 text-center">
        <p className="font-medium">{t('messages.errorLoadingLeads')}</p>
        <p className="text-sm text-muted-foreground">
          {getErrorMessage(board.error, t('messages.errorLoadingLeads'))}
        </p>
        <Button variant="outline" onClick={() => void board.refetch()}>
          {t('column.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className={`flex gap-4 overflow-hidden ${BOARD_HEIGHT}`} aria-busy="true">
      {CONTRACT_STATUSES.map((status) => (
        <Skeleton key={status} className="h-full w-80 shrink-0 rounded-xl" />
      ))}
    </div>
  );
}

type DraggingLead = { id: string; from: ContractStatus };

function LoadedKanban({
  loaded,
  onOpenDetails,
  selectedIds,
  onToggleSelect,
}: BoardSelection & {
  loaded: LoadedBoard;
  onOpenDetails: (leadId: string) => void;
}) {
  // Seeded by the board call (initialData), so always there.
  const summary = useBoardSummary(loaded).data;
  const { mutate: moveLead } = useMoveLead(loaded.filters);
  const { ask: askLostReason, dialog: lostReasonDialog } = useLostReasonPrompt();
  const [collapsed, setCollapsed] = useStoredState(
    STORAGE_KEYS.kanbanCollapsedColumns,
    parseCollapsedColumns,
    serializeCollapsedColumns,
  );
  const [dragging, setDragging] = useState<DraggingLead | null>(null);
  const [over, setOver] = useState<ContractStatus | null>(null);
  const unblockTextSelection = useRef<(() => void) | null>(null);
  // dnd-kit arrives after the first paint; the binder, once its manager is up.
  const dndLoaded = useBoardDndLoaded();
  const [binder, setBinder] = useState<BoardDragBinder | null>(null);

  // Stable, so that no card re-renders when the board's own state changes. A drop, a keyboard
  // drop or "Mover para…" into Declinado or Cancelado moves the card at once and asks why the deal
  // was lost; the request goes when that question is answered or skipped.
  const handleMove = useCallback(
    (lead: Lead, to: ContractStatus) => {
      if (lead.contract_status === to) return;
      const reason = isLostStatus(to) ? askLostReason({ brand: lead.brand_id.name, status: to }) : undefined;
      moveLead({ lead, to, reason });
    },
    [moveLead, askLostReason],
  );
  const handleToggleCollapsed = useCallback(
    (status: ContractStatus) => setCollapsed((current) => toggleColumn(current, status)),
    [setCollapsed],
  );
  const handleDragStart = useCallback((lead: Lead) => {
    unblockTextSelection.current = blockTextSelection();
    setDragging({ id: lead.id, from: lead.contract_status });
  }, []);
  const handleDragEnd = useCallback(
    (lead: Lead | undefined, to: ContractStatus | null) => {
      unblockTextSelection.current?.();
      unblockTextSelection.current = null;
      setDragging(null);
      setOver(null);
      if (lead && to) handleMove(lead, to);
    },
    [handleMove],
  );

  return (
    <BoardDragContext.Provider value={binder}>
      <div
        className={`flex gap-4 overflow-x-auto pb-2 ${BOARD_HEIGHT}`}
        // For tests: the cards drag from here on.
        data-drag-ready={binder ? 'true' : undefined}
      >
        {summary.columns.map((totals) => (
          <KanbanColumn
            key={totals.contract_status}
            loaded={loaded}
            status={totals.contract_status}
            totals={totals}
            // While a card is dragged every column opens, so each is a place to drop it.
            isCollapsed={dragging === null && collapsed.includes(totals.contract_status)}
            isDropTarget={dragging !== null && over === totals.contract_status}
            onToggleCollapsed={handleToggleCollapsed}
            draggingLeadId={dragging?.from === totals.contract_status ? dragging.id : null}
            onOpenDetails={onOpenDetails}
            onMove={handleMove}
            selectedIds={selectedIds}
            onToggleSelect={onToggleSelect}
          />
        ))}
      </div>
      {dndLoaded && (
        <Suspense fallback={null}>
          <LazyBoardDnd
            filters={loaded.filters}
            onReady={setBinder}
            onDragStart={handleDragStart}
            onDragOver={setOver}
            onDragEnd={handleDragEnd}
          />
        </Suspense>
      )}
      {lostReasonDialog}
    </BoardDragContext.Provider>
  );
}
