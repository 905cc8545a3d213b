import type { ContractStatus } from '@funil/shared';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getLeadBoard, type LeadFilters, leadKeys, leadSummaryQueryOptions, listLeads } from '@/api/leads';
import {
  type ColumnData,
  type ColumnPage,
  columnDataFromBoard,
  summaryFromBoard,
} from '../utils/board-cache';

/** Cards in each column's first page (the board call) and in each page loaded while scrolling. */
export const BOARD_FIRST_PAGE_SIZE = 20;
export const COLUMN_PAGE_SIZE = 50;

/** The board call for `filters`: shared by the board and by the prefetch that starts it early. */
export const boardQueryOptions = (filters: LeadFilters) =>
  queryOptions({
    queryKey: leadKeys.board(filters),
    queryFn: async ({ signal }) => ({
      filters,
      board: await getLeadBoard({ ...filters, limit: BOARD_FIRST_PAGE_SIZE }, signal),
    }),
  });

/**
 * The board's first paint: one call answers every column's true count, sums and first page. The
 * answer carries the filters it was asked with: while the next filters load, the columns keep
 * showing the previous board (and the caches seeded from it), never a mix of the two.
 */
export function useBoard(filters: LeadFilters) {
  return useQuery({ ...boardQueryOptions(filters), placeholderData: keepPreviousData });
}

export type LoadedBoard = NonNullable<ReturnType<typeof useBoard>['data']>;

/**
 * One column's cards, a page at a time after the previous page's keyset cursor, so a page deep in
 * a column costs what the first one does. The first page comes from the board call.
 */
export function useColumnLeads(loaded: LoadedBoard, status: ContractStatus) {
  return useInfiniteQuery({
    queryKey: leadKeys.column(loaded.filters, status),
    queryFn: async ({ pageParam, signal }): Promise<ColumnPage> => {
      const page = await listLeads(
        {
          ...loaded.filters,
          contract_status: status,
          limit: COLUMN_PAGE_SIZE,
          cursor: pageParam ?? undefined,
        },
        signal,
      );
      return { data: page.data, next_cursor: page.next_cursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    initialData: (): ColumnData | undefined => columnDataFromBoard(loaded.board, status),
  });
}

/** The headers' true counts and sums; seeded by the board call, patched by moves. */
export function useBoardSummary(loaded: LoadedBoard) {
  return useQuery({
    ...leadSummaryQueryOptions(loaded.filters),
    initialData: () => summaryFromBoard(loaded.board),
  });
}
