import type { ContractStatus } from '@funil/shared';
import type { InfiniteData } from '@tanstack/react-query';
import type { Lead, LeadBoard, LeadColumnTotals, LeadSummary } from '@/api/leads';

/** One page of a column, as `GET /api/leads?contract_status=X&cursor=…` answers it. */
export type ColumnPage = { data: Lead[]; next_cursor: string | null };
/** A column's loaded pages; each page is fetched after the previous page's cursor. */
export type ColumnData = InfiniteData<ColumnPage, string | null>;

/** The board's order, the API's default: newest first, then id, descending. */
export function compareBoardOrder(a: Lead, b: Lead): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? 1 : -1;
}

/** A column's first page as the board call answered it. */
export function columnDataFromBoard(board: LeadBoard, status: ContractStatus): ColumnData | undefined {
  const column = board.columns.find((candidate) => candidate.contract_status === status);
  if (!column) return undefined;
  return { pages: [{ data: column.data, next_cursor: column.next_cursor }], pageParams: [null] };
}

/** The headers' totals as the board call answered them. */
export function summaryFromBoard(board: LeadBoard): LeadSummary {
  return { columns: board.columns.map(({ data: _data, next_cursor: _cursor, ...totals }) => totals) };
}

export function findLeadInColumn(column: ColumnData | undefined, leadId: string): Lead | undefined {
  for (const page of column?.pages ?? []) {
    const lead = page.data.find((candidate) => candidate.id === leadId);
    if (lead) return lead;
  }
  return undefined;
}

/** The lead's 1-based place among the column's loaded cards, or null when it is not loaded. */
export function positionInColumn(column: ColumnData | undefined, leadId: string): number | null {
  let position = 0;
  for (const page of column?.pages ?? []) {
    const index = page.data.findIndex((candidate) => candidate.id === leadId);
    if (index >= 0) return position + index + 1;
    position += page.data.length;
  }
  return null;
}

/**
 * The column without the lead. Pages that did not hold it keep their identity, and so do the
 * other leads, so their cards do not re-render.
 */
export function removeLeadFromColumn(column: ColumnData, leadId: string): ColumnData {
  let changed = false;
  const pages = column.pages.map((page) => {
    if (!page.data.some((lead) => lead.id === leadId)) return page;
    changed = true;
    return { ...page, data: page.data.filter((lead) => lead.id !== leadId) };
  });
  return changed ? { ...column, pages } : column;
}

/**
 * The column with the lead in its place in the board's order. A lead older than every loaded card
 * is left out while more pages remain: it arrives with the page that holds it, and the keyset
 * cursors stay true because they mark positions, not offsets.
 */
export function insertLeadIntoColumn(column: ColumnData, lead: Lead): ColumnData {
  const without = removeLeadFromColumn(column, lead.id);
  const pages = without.pages;
  for (let pageIndex = 0; pageIndex < pages.length; pageIndex += 1) {
    const page = pages[pageIndex]!;
    const index = page.data.findIndex((candidate) => compareBoardOrder(lead, candidate) < 0);
    if (index >= 0) {
      const data = [...page.data.slice(0, index), lead, ...page.data.slice(index)];
      return {
        ...without,
        pages: pages.map((candidate, i) => (i === pageIndex ? { ...candidate, data } : candidate)),
      };
    }
  }
  const last = pages.at(-1);
  if (!last || last.next_cursor !== null) return without;
  const data = [...last.data, lead];
  return { ...without, pages: pages.map((page) => (page === last ? { ...page, data } : page)) };
}

/** The lead as the server answered it, in place of the optimistic copy (same position). */
export function replaceLeadInColumn(column: ColumnData, lead: Lead): ColumnData {
  let changed = false;
  const pages = column.pages.map((page) => {
    const index = page.data.findIndex((candidate) => candidate.id === lead.id);
    if (index < 0) return page;
    changed = true;
    return { ...page, data: page.data.map((candidate, i) => (i === index ? lead : candidate)) };
  });
  return changed ? { ...column, pages } : column;
}

const roundCents = (value: number) => Math.round(value * 100) / 100;

/**
 * A header's totals with one lead added (sign 1) or taken away (sign -1): count, sums and their
 * forecast (the column's probability) to the cent, and the stale count when the lead is stale.
 * The server's answer, when it comes, has the exact figures.
 */
export function addLeadToTotals<T extends LeadColumnTotals>(column: T, lead: Lead, sign: 1 | -1): T {
  const weighed = (amount: number) => (amount * column.probability) / 100;
  return {
    ...column,
    count: Math.max(0, column.count + sign),
    credit: roundCents(column.credit + sign * lead.credit),
    invest: roundCents(column.invest + sign * lead.invest),
    weighted_credit: roundCents(column.weighted_credit + sign * weighed(lead.credit)),
    weighted_invest: roundCents(column.weighted_invest + sign * weighed(lead.invest)),
    stale_count: Math.max(0, column.stale_count + (lead.stale ? sign : 0)),
  };
}

/** The headers' totals once the lead has left its column for `to` (where it is not stale). */
export function moveLeadTotals(summary: LeadSummary, lead: Lead, to: ContractStatus): LeadSummary {
  const from = lead.contract_status;
  if (from === to) return summary;
  const moved = { ...lead, contract_status: to, stale: false };
  return {
    columns: summary.columns.map((column) => {
      if (column.contract_status === from) return addLeadToTotals(column, lead, -1);
      if (column.contract_status === to) return addLeadToTotals(column, moved, 1);
      return column;
    }),
  };
}
