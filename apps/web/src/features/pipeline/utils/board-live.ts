import { CONTRACT_STATUSES, type ContractStatus, type LiveEvent } from '@funil/shared';
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  type Lead,
  type LeadBoard,
  type LeadColumnTotals,
  type LeadFilters,
  leadKeys,
  type LeadSummary,
} from '@/api/leads';
import { type LiveCacheContext, writePatched } from '@/lib/live-cache';
import { leadMatchesFilters, withEmbeddedBrand } from '@/lib/lead-match';
import {
  changesOfferingFilter,
  isOfferingEventWithoutRecord,
  matchesOfferingFilter,
  withOfferingEvent,
} from '@/lib/lead-stock';
import {
  addLeadToTotals,
  type ColumnData,
  columnDataFromBoard,
  compareBoardOrder,
  insertLeadIntoColumn,
  removeLeadFromColumn,
} from './board-cache';

/**
 * Everything cached for one board (one set of filters): the board call's answer (each column's
 * first page and totals: where a column not opened yet starts from, and the headers' seed), the
 * pages of each opened column, and the headers' totals.
 */
export type BoardCaches = {
  board: LeadBoard | undefined;
  columns: Partial<Record<ContractStatus, ColumnData>>;
  summary: LeadSummary | undefined;
};

/**
 * The caches after the events, and what no patch could make right: `totals` when a lead's
 * earlier place on the board could not be told (it may sit in a page not loaded yet), so the
 * headers must be read again; `all` when the board's members cannot be decided at all (a change
 * announced without its record, a renamed brand under a brand search).
 */
export type BoardPatch = { caches: BoardCaches; stale: 'none' | 'totals' | 'all' };

/** Where a lead was on the board before an event. */
type Whereabouts =
  { kind: 'on-board'; status: ContractStatus; lead: Lead } | { kind: 'not-on-board' } | { kind: 'unknown' };

/** The cards known for a column: the opened column's pages, else the board call's first page. */
const columnView = (caches: BoardCaches, status: ContractStatus): ColumnData | undefined =>
  caches.columns[status] ?? (caches.board ? columnDataFromBoard(caches.board, status) : undefined);

/**
 * Whether a lead absent from a column's loaded cards is in the column at all: no when the column
 * is loaded to its end, or when the lead sorts before its last loaded card (the pages hold every
 * card down to that one); otherwise nobody knows until the rest is loaded.
 */
function isSurelyNotInColumn(view: ColumnData | undefined, lead: Lead | undefined): boolean {
  if (!view) return false;
  const last = view.pages.at(-1);
  if (!last) return false;
  if (last.next_cursor === null) return true;
  const lastCard = view.pages.flatMap((page) => page.data).at(-1);
  return Boolean(lead && lastCard && compareBoardOrder(lead, lastCard) < 0);
}

function locate(
  caches: BoardCaches,
  leadId: string,
  record: Lead | undefined,
  candidates: readonly ContractStatus[],
): Whereabouts {
  for (const status of CONTRACT_STATUSES) {
    for (const page of columnView(caches, status)?.pages ?? []) {
      const lead = page.data.find((candidate) => candidate.id === leadId);
      if (lead) return { kind: 'on-board', status, lead };
    }
  }
  const surelyAbsent = candidates.every((status) => isSurelyNotInColumn(columnView(caches, status), record));
  return surelyAbsent ? { kind: 'not-on-board' } : { kind: 'unknown' };
}

/** A header's totals with one lead added (sign 1) or taken away (sign -1). */
function addToTotals<T extends LeadColumnTotals>(
  columns: T[],
  status: ContractStatus,
  lead: Lead,
  sign: 1 | -1,
): T[] {
  return columns.map((column) =>
    column.contract_status === status ? addLeadToTotals(column, lead, sign) : column,
  );
}

/** Applies one change to a column in both places it is kept (opened pages, board call's page). */
function updateColumn(
  caches: BoardCaches,
  status: ContractStatus,
  change: (column: ColumnData) => ColumnData,
): BoardCaches {
  const opened = caches.columns[status];
  const columns = opened ? { ...caches.columns, [status]: change(opened) } : caches.columns;
  let board = caches.board;
  if (board) {
    const first = columnDataFromBoard(board, status);
    const changed = first && change(first);
    if (first && changed !== first) {
      const page = changed!.pages[0]!;
      board = {
        columns: board.columns.map((column) =>
          column.contract_status === status
            ? { ...column, data: page.data, next_cursor: page.next_cursor }
            : column,
        ),
      };
    }
  }
  return { ...caches, columns, board };
}

function updateTotals(caches: BoardCaches, status: ContractStatus, lead: Lead, sign: 1 | -1): BoardCaches {
  return {
    ...caches,
    summary: caches.summary && { columns: addToTotals(caches.summary.columns, status, lead, sign) },
    board: caches.board && { columns: addToTotals(caches.board.columns, status, lead, sign) },
  };
}

const worse = (a: BoardPatch['stale'], b: BoardPatch['stale']): BoardPatch['stale'] =>
  a === 'all' || b === 'all' ? 'all' : a === 'totals' || b === 'totals' ? 'totals' : 'none';

/** A lead created or changed: it leaves where it was, and joins its column if it still matches. */
function upsertLead(
  caches: BoardCaches,
  filters: LeadFilters,
  event: LiveEvent,
  record: Lead,
): { caches: BoardCaches; stale: BoardPatch['stale'] } {
  const from = event.changes?.contract_status?.from;
  const where = locate(caches, record.id, record, [from ?? record.contract_status]);
  let next = caches;
  if (where.kind === 'on-board') {
    next = updateColumn(next, where.status, (column) => removeLeadFromColumn(column, record.id));
    next = updateTotals(next, where.status, where.lead, -1);
  }
  const matches = leadMatchesFilters(record, filters);
  // Under a filter by offering, a lead whose stock does not show it may still be found (an
  // inactive offering is in nobody's stock): it leaves, and the board is read again.
  const joins = matches && matchesOfferingFilter(record, filters.offering) === true;
  if (joins)
    next = updateColumn(next, record.contract_status, (column) => insertLeadIntoColumn(column, record));
  if (matches && !joins) return { caches: next, stale: 'all' };
  if (where.kind === 'unknown') return { caches: next, stale: 'totals' };
  if (joins) next = updateTotals(next, record.contract_status, record, 1);
  return { caches: next, stale: 'none' };
}

function deleteLead(
  caches: BoardCaches,
  leadId: string,
): { caches: BoardCaches; stale: BoardPatch['stale'] } {
  const where = locate(caches, leadId, undefined, CONTRACT_STATUSES);
  if (where.kind === 'unknown') return { caches, stale: 'totals' };
  if (where.kind === 'not-on-board') return { caches, stale: 'none' };
  let next = updateColumn(caches, where.status, (column) => removeLeadFromColumn(column, leadId));
  next = updateTotals(next, where.status, where.lead, -1);
  return { caches: next, stale: 'none' };
}

const mapLeads = (column: ColumnData, change: (lead: Lead) => Lead): ColumnData => {
  let changed = false;
  const pages = column.pages.map((page) => {
    const data = page.data.map(change);
    if (data.every((lead, index) => lead === page.data[index])) return page;
    changed = true;
    return { ...page, data };
  });
  return changed ? { ...column, pages } : column;
};

/** The brand's name as the loaded cards show it, if any card of the brand is loaded. */
function brandNameOnBoard(caches: BoardCaches, brandId: string): string | undefined {
  for (const status of CONTRACT_STATUSES) {
    for (const page of columnView(caches, status)?.pages ?? []) {
      const lead = page.data.find((candidate) => candidate.brand_id.id === brandId);
      if (lead) return lead.brand_id.name;
    }
  }
  return undefined;
}

const hasBrand = (caches: BoardCaches, brandId: string) => brandNameOnBoard(caches, brandId) !== undefined;

/** Every card loaded on the board. */
const loadedLeads = (caches: BoardCaches): Lead[] =>
  CONTRACT_STATUSES.flatMap((status) =>
    (columnView(caches, status)?.pages ?? []).flatMap((page) => page.data),
  );

/**
 * One board's caches after a batch of events, in order. Totals move with the cards: a card that
 * leaves a column takes its count and money with it, one that arrives brings them, each to the
 * cent; a lead whose earlier place cannot be told leaves the totals to be read again.
 */
export function applyLiveEventsToBoard(
  caches: BoardCaches,
  filters: LeadFilters,
  events: readonly LiveEvent[],
): BoardPatch {
  let next = caches;
  let stale: BoardPatch['stale'] = 'none';
  for (const event of events) {
    switch (event.type) {
      case 'lead.created':
      case 'lead.updated': {
        if (!event.record) {
          stale = 'all';
          break;
        }
        const result = upsertLead(next, filters, event, event.record);
        next = result.caches;
        stale = worse(stale, result.stale);
        break;
      }
      case 'lead.deleted': {
        const result = deleteLead(next, event.id);
        next = result.caches;
        stale = worse(stale, result.stale);
        break;
      }
      case 'brand.updated': {
        const brand = event.record;
        if (!brand) {
          if (hasBrand(next, event.id) || filters.search) stale = 'all';
          break;
        }
        // A rename can bring a brand's leads into a brand search or take them out of it, and the
        // leads not loaded yet cannot be counted here; a brand whose loaded cards show its name
        // unchanged moved nothing.
        if (filters.search && brandNameOnBoard(next, brand.id) !== brand.name) stale = 'all';
        for (const status of CONTRACT_STATUSES) {
          next = updateColumn(next, status, (column) =>
            mapLeads(column, (lead) => withEmbeddedBrand(lead, brand)),
          );
        }
        break;
      }
      case 'brand.deleted':
        if (hasBrand(next, event.id)) stale = 'all';
        break;
      case 'offering.created':
      case 'offering.updated':
      case 'offering.deleted': {
        // Another sale, a new praça's offering, a deactivation: each card's stock follows, in
        // place; no card moves and no header changes.
        if (
          isOfferingEventWithoutRecord(event) ||
          changesOfferingFilter(event, filters.offering, loadedLeads(next))
        ) {
          stale = 'all';
        }
        for (const status of CONTRACT_STATUSES) {
          next = updateColumn(next, status, (column) =>
            mapLeads(column, (lead) => withOfferingEvent(lead, event)),
          );
        }
        break;
      }
      default:
        break;
    }
  }
  return { caches: next, stale };
}

type LoadedBoardData = { filters: LeadFilters; board: LeadBoard };

/**
 * The board's live patcher: every board in the cache (each set of filters the user has looked at)
 * is patched, shown or not, so one opened later is already true. One write per query per batch.
 */
export function patchBoardCaches(
  queryClient: QueryClient,
  events: readonly LiveEvent[],
  context: LiveCacheContext,
): void {
  // Filters that hash alike name the same caches (the order of their keys does not count).
  const filterSets = new Map<string, LeadFilters>();
  for (const prefix of [leadKeys.boards(), leadKeys.summaries(), leadKeys.columns()]) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix })) {
      const filters = query.queryKey[prefix.length] as LeadFilters | undefined;
      if (filters) filterSets.set(hashKey([filters]), filters);
    }
  }
  for (const filters of filterSets.values()) patchOneBoard(queryClient, context, filters, events);
}

function patchOneBoard(
  queryClient: QueryClient,
  context: LiveCacheContext,
  filters: LeadFilters,
  events: readonly LiveEvent[],
) {
  const boardKey = leadKeys.board(filters);
  const summaryKey = leadKeys.summary(filters);
  const loaded = queryClient.getQueryData<LoadedBoardData>(boardKey);
  const columns: BoardCaches['columns'] = {};
  for (const status of CONTRACT_STATUSES) {
    const column = queryClient.getQueryData<ColumnData>(leadKeys.column(filters, status));
    if (column) columns[status] = column;
  }
  const before: BoardCaches = {
    board: loaded?.board,
    columns,
    summary: queryClient.getQueryData<LeadSummary>(summaryKey),
  };
  const { caches: after, stale } = applyLiveEventsToBoard(before, filters, events);

  if (loaded && after.board && after.board !== before.board) {
    writePatched(queryClient, context, boardKey, loaded, { ...loaded, board: after.board });
  }
  for (const status of CONTRACT_STATUSES) {
    writePatched(
      queryClient,
      context,
      leadKeys.column(filters, status),
      columns[status],
      after.columns[status],
    );
  }
  writePatched(queryClient, context, summaryKey, before.summary, after.summary);

  const staleKeys: QueryKey[] =
    stale === 'all'
      ? [boardKey, summaryKey, ...CONTRACT_STATUSES.map((status) => leadKeys.column(filters, status))]
      : stale === 'totals'
        ? [before.summary ? summaryKey : boardKey]
        : [];
  for (const key of staleKeys) context.markStale(key);
}
