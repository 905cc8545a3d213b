import { useDraggable } from '@dnd-kit/react';
import { CONTRACT_STATUSES, type ContractStatus } from '@funil/shared';
import { ArrowRightLeftIcon, Maximize2Icon, MoreHorizontalIcon } from 'lucide-react';
import { type KeyboardEvent, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Lead } from '@/api/leads';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { LeadCardContent } from './lead-card-content';

/** What a card carries while dragged: the drop handler reads the lead from it. */
export type LeadDragData = { lead: Lead };

type LeadCardProps = {
  lead: Lead;
  /** Stable callbacks: a card re-renders only when its own lead changes. */
  onOpenDetails: (leadId: string) => void;
  onMove: (lead: Lead, to: ContractStatus) => void;
};

/**
 * A lead on the board. The whole card drags (after 8 px, or Space from the keyboard); a click or
 * Enter opens its details; the menu offers the same move without dragging (WCAG 2.5.7) and the
 * full-screen edit page.
 */
export const LeadCard = memo(function LeadCard({ lead, onOpenDetails, onMove }: LeadCardProps) {
  const { t } = useTranslation('pipeline');
  const { t: tLeads } = useTranslation('leads');
  const { ref, isDragSource } = useDraggable<LeadDragData>({ id: lead.id, data: { lead } });
  const brand = lead.brand_id.name;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.target !== event.currentTarget || isDragSource) return;
    event.preventDefault();
    onOpenDetails(lead.id);
  };

  return (
    // An explicit role: without one, dnd-kit would make the card a "button", and a button may not
    // hold the card's own buttons (axe: nested-interactive).
    <div
      ref={ref}
      role="group"
      tabIndex={0}
      aria-label={brand}
      data-lead-id={lead.id}
      onClick={() => onOpenDetails(lead.id)}
      onKeyDown={handleKeyDown}
      className={cn(
        'relative cursor-grab rounded-lg border bg-card p-3 text-card-foreground shadow-xs transition-shadow outline-none hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50',
        isDragSource && 'opacity-40',
      )}
    >
      <LeadCardContent lead={lead} />
      {/* Clicks on the actions are theirs, not the card's. */}
      <div className="absolute top-1.5 right-1.5 flex" onClick={(event) => event.stopPropagation()}>
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
            <DropdownMenuItem onSelect={() => onOpenDetails(lead.id)}>
              {t('card.details', { brand })}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuLabel className="flex items-center gap-2">
              <ArrowRightLeftIcon aria-hidden className="size-3.5" />
              {t('card.moveTo')}
            </DropdownMenuLabel>
            {CONTRACT_STATUSES.filter((status) => status !== lead.contract_status).map((status) => (
              <DropdownMenuItem key={status} onSelect={() => onMove(lead, status)}>
                {tLeads(`contractStatus.${status}`)}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </div>
  );
});
