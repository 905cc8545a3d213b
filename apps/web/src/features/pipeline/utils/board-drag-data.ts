import type { ContractStatus } from '@funil/shared';
import type { Lead, LeadFilters } from '@/api/leads';

/** What a card carries while dragged: the drop handler reads the lead from it. */
export type LeadDragData = { lead: Lead };
/** What a column is as a drop target: a drop anywhere on it, over any card, moves the lead here. */
export type ColumnDropData = { status: ContractStatus };

export const columnDropId = (status: ContractStatus) => `column:${status}`;

// dnd-kit names its hidden instructions `${description prefix}-${id}`; the cards point at them.
export const INSTRUCTIONS_ID_PREFIX = 'board-drag-instructions';
export const ACCESSIBILITY_ID = 'pipeline';
/** The id of the hidden text that tells a screen reader how to drag a card. */
export const DRAG_INSTRUCTIONS_ID = `${INSTRUCTIONS_ID_PREFIX}-${ACCESSIBILITY_ID}`;

/** A card or column bound to dnd-kit: its data follows the lead; `destroy` unbinds it. */
export type DragBinding<Data> = { setData: (data: Data) => void; destroy: () => void };

/** Binds elements to the board's dnd-kit manager (made by components/board-dnd). */
export type BoardDragBinder = {
  draggable: (input: {
    id: string;
    data: LeadDragData;
    element: Element;
    handle: Element | undefined;
  }) => DragBinding<LeadDragData>;
  droppable: (input: { id: string; data: ColumnDropData; element: Element }) => DragBinding<ColumnDropData>;
};

/** What the board hands its dnd-kit component (components/board-dnd). */
export type BoardDndProps = {
  filters: LeadFilters;
  /** The binder the cards and columns use, once the manager is up (null again when it goes). */
  onReady: (binder: BoardDragBinder | null) => void;
  onDragStart: (lead: Lead) => void;
  /** The column the dragged card is over, null over none. */
  onDragOver: (status: ContractStatus | null) => void;
  /** `to`: where it was dropped; null when cancelled or dropped outside every column. */
  onDragEnd: (lead: Lead | undefined, to: ContractStatus | null) => void;
};
