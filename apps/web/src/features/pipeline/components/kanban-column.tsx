import type { ContractStatus, LeadColumnTotals } from '@funil/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lead } from '@/api/leads';
import { cn } from '@/lib/utils';
import type { LoadedBoard } from '../hooks/use-board';
import { useColumnDrop } from '../hooks/use-board-drag';
import { CollapsedColumn } from './collapsed-column';
import { ColumnCards } from './column-cards';
import { ColumnHeader } from './column-header';
import type { BoardSelection } from './kanban-board';

type KanbanColumnProps = BoardSelection & {
  loaded: LoadedBoard;
  status: ContractStatus;
  totals: LeadColumnTotals;
  isCollapsed: boolean;
  /** Whether the card being dragged is over this column. */
  isDropTarget: boolean;
  onToggleCollapsed: (status: ContractStatus) => void;
  draggingLeadId: string | null;
  onOpenDetails: (leadId: string) => void;
  onMove: (lead: Lead, to: ContractStatus) => void;
};

/** One pipeline column: 320 px, or an 80 px strip when collapsed; a drop target either way. */
export const KanbanColumn = memo(function KanbanColumn({
  loaded,
  status,
  totals,
  isCollapsed,
  isDropTarget,
  onToggleCollapsed,
  draggingLeadId,
  onOpenDetails,
  onMove,
  selectedIds,
  onToggleSelect,
}: KanbanColumnProps) {
  const { t } = useTranslation('leads');
  const ref = useColumnDrop(status);
  const label = t(`contractStatus.${status}`);
  const headingId = `kanban-column-${status}`;

  return (
    <section
      ref={ref}
      aria-labelledby={isCollapsed ? undefined : headingId}
      aria-label={isCollapsed ? label : undefined}
      data-status={status}
      className={cn(
        'flex h-full shrink-0 flex-col rounded-xl border bg-muted/40 transition-[width,background-color]',
        isCollapsed ? 'w-20' : 'w-80',
        isDropTarget && 'border-primary bg-primary/5 ring-2 ring-primary/30',
      )}
    >
      {isCollapsed ? (
        <CollapsedColumn label={label} count={totals.count} onExpand={() => onToggleCollapsed(status)} />
      ) : (
        <>
          <ColumnHeader
            headingId={headingId}
            status={status}
            label={label}
            totals={totals}
            onCollapse={() => onToggleCollapsed(status)}
          />
          <ColumnCards
            loaded={loaded}
            status={status}
            count={totals.count}
            labelledBy={headingId}
            draggingLeadId={draggingLeadId}
            onOpenDetails={onOpenDetails}
            onMove={onMove}
            selectedIds={selectedIds}
            onToggleSelect={onToggleSelect}
          />
        </>
      )}
    </section>
  );
});
