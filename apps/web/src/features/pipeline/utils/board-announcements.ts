import type { DragEndEvent, DragOverEvent, DragStartEvent } from '@dnd-kit/dom';
import type { ContractStatus } from '@funil/shared';
import type { Lead } from '@/api/leads';

type Entity = { data?: unknown } | null | undefined;

/** The lead a dragged card carries (see LeadCard). */
export const draggedLead = (source: Entity) => (source?.data as { lead?: Lead } | undefined)?.lead;
/** The status of the column a card is over (see KanbanColumn). */
export const targetStatus = (target: Entity) =>
  (target?.data as { status?: ContractStatus } | undefined)?.status;

export type AnnouncementTexts = {
  column: (status: ContractStatus) => string;
  picked: (values: { brand: string; column: string }) => string;
  over: (values: { column: string }) => string;
  /** position and count already formatted for the language. */
  moved: (values: { column: string; position: string; count: string }) => string;
  movedUnplaced: (values: { column: string }) => string;
  stayed: (values: { brand: string; column: string }) => string;
  cancelled: (values: { brand: string; column: string }) => string;
  formatNumber: (value: number) => string;
};

/** Where a card dropped on `to` lands: its place among the loaded cards and the new count. */
export type Landing = (lead: Lead, to: ContractStatus) => { position: number | null; count: number };

/**
 * What a screen reader hears while a card is dragged, in the user's language: which card was
 * picked up, the column it is over, and where it landed ("Movido para Quente, 3 de 412").
 */
export function createBoardAnnouncements(text: AnnouncementTexts, landing: Landing) {
  return {
    dragstart: ({ operation: { source } }: DragStartEvent) => {
      const lead = draggedLead(source);
      return lead && text.picked({ brand: lead.brand_id.name, column: text.column(lead.contract_status) });
    },
    dragover: ({ operation: { target } }: DragOverEvent) => {
      const status = targetStatus(target);
      return status && text.over({ column: text.column(status) });
    },
    dragend: ({ operation: { source, target }, canceled }: DragEndEvent) => {
      const lead = draggedLead(source);
      if (!lead) return undefined;
      const to = targetStatus(target);
      const here = { brand: lead.brand_id.name, column: text.column(lead.contract_status) };
      if (canceled || !to) return text.cancelled(here);
      if (to === lead.contract_status) return text.stayed(here);
      const { position, count } = landing(lead, to);
      return position === null
        ? text.movedUnplaced({ column: text.column(to) })
        : text.moved({
            column: text.column(to),
            position: text.formatNumber(position),
            count: text.formatNumber(count),
          });
    },
  };
}
