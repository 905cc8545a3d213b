import type { ContractStatus } from '@funil/shared';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { LoaderCircleIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lead } from '@/api/leads';
import { Button } from '@/components/ui/button';
import { type LoadedBoard, useColumnLeads } from '../hooks/use-board';
import type { BoardSelection } from './kanban-board';
import { LeadCard } from './lead-card';

/** Start loading the next page while this many cards remain below the visible ones. */
const PREFETCH_DISTANCE = 10;
const ESTIMATED_CARD_HEIGHT = 170;
const CARD_GAP = 8;

type ColumnCardsProps = BoardSelection & {
  loaded: LoadedBoard;
  status: ContractStatus;
  /** The column's true count, for the screen reader's "3 of 412". */
  count: number;
  labelledBy: string;
  draggingLeadId: string | null;
  onOpenDetails: (leadId: string) => void;
  onMove: (lead: Lead, to: ContractStatus) => void;
};

/**
 * A column's cards, virtualised: the DOM holds the visible cards and a few more, never the
 * thousands a column may have. Pages load as the user scrolls near the end. The dragged card and
 * the focused one stay mounted when scrolled out of view, or the drag (or the focus) would be lost.
 */
export function ColumnCards({
  loaded,
  status,
  count,
  labelledBy,
  draggingLeadId,
  onOpenDetails,
  onMove,
  selectedIds,
  onToggleSelect,
}: ColumnCardsProps) {
  const { t } = useTranslation('pipeline');
  const query = useColumnLeads(loaded, status);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const leads = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focusedLeadId, setFocusedLeadId] = useState<string | null>(null);
  // A shift-click selects a range in this column's order, the cards loaded so far.
  const handleToggleSelect = useCallback(
    (lead: Lead, range: boolean) => onToggleSelect(lead, range ? leads : null),
    [onToggleSelect, leads],
  );
  const isSelecting = selectedIds.size > 0;

  const keptIndexes = useMemo(
    () =>
      [draggingLeadId, focusedLeadId]
        .map((id) => (id ? leads.findIndex((lead) => lead.id === id) : -1))
        .filter((index) => index >= 0),
    [leads, draggingLeadId, focusedLeadId],
  );
  const rangeExtractor = useCallback(
    (range: Range) => [...new Set([...defaultRangeExtractor(range), ...keptIndexes])].sort((a, b) => a - b),
    [keptIndexes],
  );

  const rowCount = leads.length + (hasNextPage ? 1 : 0);
  // TanStack Virtual as documented; the React Compiler leaves this component alone, as it says.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    gap: CARD_GAP,
    // Two cards past each edge: enough for Tab to reach the next card and for a wheel's step, while
    // the first paint renders little beyond what shows (a card's render is the board's main cost).
    overscan: 2,
    getItemKey: (index) => leads[index]?.id ?? 'next-page',
    rangeExtractor,
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const lastShownIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    const isNearEnd = lastShownIndex >= leads.length - 1 - PREFETCH_DISTANCE;
    if (isNearEnd && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [lastShownIndex, leads.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (leads.length === 0) {
    return <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t('column.empty')}</p>;
  }

  return (
    <div
      ref={scrollRef}
      className="min-h-0 flex-1 overflow-y-auto px-2 py-2"
      onFocus={(event) => {
        const id = (event.target as HTMLElement).closest<HTMLElement>('[data-lead-id]')?.dataset.leadId;
        if (id) setFocusedLeadId(id);
      }}
    >
      <div
        role="list"
        aria-labelledby={labelledBy}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const lead = leads[item.index];
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              role="listitem"
              aria-posinset={lead ? item.index + 1 : undefined}
              aria-setsize={lead ? count : undefined}
              className="absolute top-0 left-0 w-full"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {lead ? (
                <LeadCard
                  lead={lead}
                  onOpenDetails={onOpenDetails}
                  onMove={onMove}
                  isSelected={selectedIds.has(lead.id)}
                  isDragSource={lead.id === draggingLeadId}
                  isSelecting={isSelecting}
                  onToggleSelect={handleToggleSelect}
                />
              ) : isFetchNextPageError ? (
                <div className="grid justify-items-center gap-2 py-3 text-center text-xs text-muted-foreground">
                  {t('column.loadError')}
                  <Button size="sm" variant="outline" onClick={() => void fetchNextPage()}>
                    {t('column.retry')}
                  </Button>
                </div>
              ) : (
                <p className="flex items-center justify-center gap-2 py-3 text-xs text-muted-foreground">
                  <LoaderCircleIcon aria-hidden className="size-4 animate-spin" />
                  {t('column.loadingMore')}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
