import { CONTRACT_STATUSES, type ContractStatus } from '@funil/shared';
import { ArrowRightLeftIcon, ListPlusIcon, Maximize2Icon, MoreHorizontalIcon } from 'lucide-react';
import { type KeyboardEvent, lazy, memo, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Lead } from '@/api/leads';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { DRAG_INSTRUCTIONS_ID, useLeadDrag } from '../hooks/use-board-drag';

// 'Nova tarefa' is rare on the board: the task form (and its validation) is fetched on first use.
const TaskDialog = lazy(async () => ({
  default: (await import('@/components/tasks/task-dialog')).TaskDialog,
}));
import { LeadCardContent } from './lead-card-content';

type LeadCardMenuItemsProps = Pick<LeadCardProps, 'lead' | 'onOpenDetails' | 'onMove'> & {
  onNewTask: () => void;
};

/** The card menu's items: rendered only while the menu is open, not with each of the board's cards. */
function LeadCardMenuItems({ lead, onOpenDetails, onNewTask, onMove }: LeadCardMenuItemsProps) {
  const { t } = useTranslation(['pipeline', 'leads', 'tasks']);
  const brand = lead.brand_id.name;
  return (
    <>
      <DropdownMenuItem onSelect={() => onOpenDetails(lead.id)}>
        {t('card.details', { brand })}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={onNewTask}>
        <ListPlusIcon aria-hidden />
        {t('tasks:new')}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuLabel className="flex items-center gap-2">
        <ArrowRightLeftIcon aria-hidden className="size-3.5" />
        {t('card.moveTo')}
      </DropdownMenuLabel>
      {CONTRACT_STATUSES.filter((status) => status !== lead.contract_status).map((status) => (
        <DropdownMenuItem key={status} onSelect={() => onMove(lead, status)}>
          {t(`leads:contractStatus.${status}`)}
        </DropdownMenuItem>
      ))}
    </>
  );
}

type LeadCardProps = {
  lead: Lead;
  /** Stable callbacks: a card re-renders only when its own lead changes. */
  onOpenDetails: (leadId: string) => void;
  onMove: (lead: Lead, to: ContractStatus) => void;
  isSelected: boolean;
  /** Whether this card is the one being dragged: it fades, and Enter does not open it. */
  isDragSource: boolean;
  /** Whether any lead is selected: every card's checkbox then shows. */
  isSelecting: boolean;
  /** Checks or unchecks the card; `range` (Shift held) takes the cards from the one toggled last. */
  onToggleSelect: (lead: Lead, range: boolean) => void;
};

/**
 * A lead on the board. Its body is the drag handle, a button whose name is the brand it starts with
 * and whose description is the rest of the card, then how to drag it: it drags (after 8 px, or
 * Space from the keyboard), and a click or Enter opens the details. The actions beside it are the
 * checkbox that selects it for a bulk action, the full-screen edit page and a menu with the same
 * move without dragging (WCAG 2.5.7).
 *
 * The checkbox shows on hover and focus, always while any card is selected, and always where there
 * is no hover (touch) or little room. A click or Space toggles it, with Shift the range from the
 * card toggled last; it never starts a drag. A selected card is ringed as well as checked.
 */
export const LeadCard = memo(function LeadCard({
  lead,
  onOpenDetails,
  onMove,
  isSelected,
  isDragSource,
  isSelecting,
  onToggleSelect,
}: LeadCardProps) {
  const { t } = useTranslation('pipeline');
  const { ref, handleRef } = useLeadDrag(lead);
  const brand = lead.brand_id.name;
  const detailsId = useId();
  const [isTaskDialogOpen, setTaskDialogOpen] = useState(false);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.target !== event.currentTarget || isDragSource) return;
    event.preventDefault();
    onOpenDetails(lead.id);
  };

  return (
    <div
      ref={ref}
      role="group"
      aria-label={brand}
      data-lead-id={lead.id}
      data-stale={lead.stale || undefined}
      data-selected={isSelected || undefined}
      className={cn(
        'group/card relative rounded-lg border bg-card text-card-foreground shadow-xs transition-shadow hover:shadow-md',
        isSelected && 'border-primary ring-2 ring-primary',
        // A stale card's edge in amber, beside its "Parado há N dias" line and icon.
        lead.stale && 'border-l-4 border-l-amber-500 dark:border-l-amber-400',
        isDragSource && 'opacity-40',
      )}
    >
      {/* The handle is a sibling of the actions, not their parent: a button may not hold buttons. */}
      <div
        ref={handleRef}
        role="button"
        tabIndex={0}
        // No aria-label: the name comes from the visible brand, so it is the text a speech user
        // reads on the card (label in name). dnd-kit adds its instructions only to a handle
        // without a description, so they are named here too.
        aria-describedby={`${detailsId} ${DRAG_INSTRUCTIONS_ID}`}
        onClick={() => onOpenDetails(lead.id)}
        onKeyDown={handleKeyDown}
        className="cursor-grab rounded-lg p-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <LeadCardContent lead={lead} detailsId={detailsId} />
      </div>
      <div className="absolute top-1.5 right-1.5 flex items-center">
        <span className="flex size-7 items-center justify-center">
          <Checkbox
            checked={isSelected}
            aria-label={t('card.select', { brand })}
            // A click toggles; Space does too, as the browser clicks a focused checkbox.
            onClick={(event) => onToggleSelect(lead, event.shiftKey)}
            // The card is draggable: a press on its checkbox must not start a drag.
            onPointerDown={(event) => event.stopPropagation()}
            className={cn(
              'size-5 bg-card transition-opacity',
              !isSelecting &&
                'opacity-0 group-hover/card:opacity-100 group-focus-within/card:opacity-100 pointer-coarse:opacity-100 max-md:opacity-100',
            )}
          />
        </span>
        <Button variant="ghost" size="icon" className="size-7" asChild>
          <Link to={`/leads/editar/${lead.id}`} aria-label={t('card.open', { brand })}>
            <Maximize2Icon />
          </Link>
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-7" aria-label={t('card.moveMenu', { brand })}>
              <MoreHorizontalIcon />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <LeadCardMenuItems
              lead={lead}
              onOpenDetails={onOpenDetails}
              onNewTask={() => setTaskDialogOpen(true)}
              onMove={onMove}
            />
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {isTaskDialogOpen && (
        <Suspense fallback={null}>
          <TaskDialog
            open
            onOpenChange={setTaskDialogOpen}
            record={{ type: 'lead', id: lead.id, name: brand }}
          />
        </Suspense>
      )}
    </div>
  );
});
