import { useDroppable } from '@dnd-kit/react';
import type { ContractStatus, LeadColumnTotals } from '@funil/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lead } from '@/api/leads';
import { cn } from '@/lib/utils';
import type { LoadedBoard } from '../hooks/use-board';
import { pointerOverColumn } from '../utils/pointer-over-column';
import { CollapsedColumn } from './collapsed-column';
import { ColumnCards } from './column-cards';
import { ColumnHeader } from './column-header';
import type { BoardSelection } from './kanban-board';

/** What a column is as a drop target: a drop anywhere on it, over any card, moves the lead here. */
export type ColumnDropData = { status: ContractStatus };

export const columnDropId = (status: ContractStatus) => `column:${status}`;

type KanbanColumnProps = BoardSelection & {
  loaded: LoadedBoard;
  status: ContractStatus;
  totals: LeadColumnTotals;
  isCollapsed: boolean;
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
  onToggleCollapsed,
  draggingLeadId,
  onOpenDetails,
  onMove,
  selectedIds,
  onToggleSelect,
}: KanbanColumnProps) {
  const { t } = useTranslation('leads');
  const { ref, isDropTarget } = useDroppable<ColumnDropData>({
    id: columnDropId(status),
    data: { status },
    collisionDetector: pointerOverColumn,
  });
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
