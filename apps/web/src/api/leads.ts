import type {
  ContractStatus,
  Lead,
  LeadBoard,
  LeadBoardQuery,
  LeadColumnTotals,
  LeadCreateInput,
  LeadFilters,
  LeadHistory,
  LeadListQuery,
  LeadListResponse,
  LeadSummary,
  LeadUpdateInput,
} from '@funil/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { http, ifMatch } from '@/lib/http';
import { offeringKeys } from './offerings';

export type { Lead, LeadBoard, LeadColumnTotals, LeadFilters, LeadHistory, LeadListResponse, LeadSummary };

/**
 * One board column's page: the list query without paging by number, for one status; the keyset
 * cursor says where to continue.
 */
export type LeadColumnQuery = Omit<LeadListQuery, 'page' | 'contract_status'> & {
  contract_status: ContractStatus;
};

/**
 * Every lead query sits under ['api', 'leads'], so a saved lead invalidates them all with one
 * prefix. The board's column pages and totals have their own branches, so a card moved between
 * two columns can patch exactly those caches (setQueryData) instead of refetching the board.
 */
export const leadKeys = {
  all: ['api', 'leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (params: LeadListQuery) => [...leadKeys.lists(), params] as const,
  boards: () => [...leadKeys.all, 'board'] as const,
  board: (filters: LeadFilters) => [...leadKeys.boards(), filters] as const,
  columns: () => [...leadKeys.all, 'column'] as const,
  column: (filters: LeadFilters, status: ContractStatus) => [...leadKeys.columns(), filters, status] as const,
  summaries: () => [...leadKeys.all, 'summary'] as const,
  summary: (filters: LeadFilters) => [...leadKeys.summaries(), filters] as const,
  detail: (id: string) => [...leadKeys.all, 'detail', id] as const,
  history: (id: string) => [...leadKeys.all, 'history', id] as const,
};

const leadPath = (id: string) => `/api/leads/${encodeURIComponent(id)}`;

export function listLeads(params: LeadListQuery | LeadColumnQuery, signal?: AbortSignal) {
  return http.get<LeadListResponse>('/api/leads', { params: params, signal });
}

export function getLeadBoard(params: LeadBoardQuery, signal?: AbortSignal) {
  return http.get<LeadBoard>('/api/leads/board', { params: params, signal });
}

export function getLeadSummary(filters: LeadFilters, signal?: AbortSignal) {
  return http.get<LeadSummary>('/api/leads/summary', { params: filters, signal });
}

/** The lead with its ETag, which the edit screen sends back as If-Match when it saves. */
export function getLead(id: string, signal?: AbortSignal) {
  return http.getVersioned<Lead>(leadPath(id), { signal });
}

export function getLeadHistory(id: string, signal?: AbortSignal) {
  return http.get<LeadHistory>(`${leadPath(id)}/history`, { signal });
}

export function createLead(body: LeadCreateInput) {
  return http.post<Lead>('/api/leads', body);
}

/**
 * A PATCH without If-Match: the board's drag sends only the status the card moves to, and the
 * server records the status the lead really had (under the row's lock), so a drag over someone
 * else's change loses nothing of it.
 */
export function updateLead(id: string, body: LeadUpdateInput) {
  return http.patch<Lead>(leadPath(id), body);
}

/** The edit screen's save: only over the version it was opened with (`etag`), else a 412. */
export function saveLeadEdit(id: string, body: LeadUpdateInput, etag: string | null) {
  return http.patchVersioned<Lead>(leadPath(id), body, { headers: ifMatch(etag) });
}

export function deleteLead(id: string) {
  return http.delete<void>(leadPath(id));
}

export const leadListQueryOptions = (params: LeadListQuery) =>
  queryOptions({
    queryKey: leadKeys.list(params),
    queryFn: ({ signal }) => listLeads(params, signal),
    // Paging, sorting and filtering keep the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const leadSummaryQueryOptions = (filters: LeadFilters) =>
  queryOptions({
    queryKey: leadKeys.summary(filters),
    queryFn: ({ signal }) => getLeadSummary(filters, signal),
  });

/**
 * The totals under these filters as the cache holds them, read and never fetched: the board seeds
 * that query from its own call, and a query asked for here first would take that seed away.
 */
export function useCachedLeadSummary(filters: LeadFilters): LeadSummary | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () =>
    queryClient.getQueryData<LeadSummary>(leadKeys.summary(filters)),
  );
}

export const leadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => getLead(id, signal),
  });

export const leadHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: leadKeys.history(id),
    queryFn: ({ signal }) => getLeadHistory(id, signal),
  });

/**
 * After a lead is saved or deleted: every lead query, and every offerings query, since the units
 * an offering has held and sold follow its leads.
 */
function useInvalidateLeads() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: leadKeys.all }),
      queryClient.invalidateQueries({ queryKey: offeringKeys.all }),
    ]);
}

export function useCreateLead() {
  const invalidate = useInvalidateLeads();
  return useMutation({ mutationFn: createLead, onSuccess: invalidate });
}

export function useUpdateLead() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: ({ id, body, etag }: { id: string; body: LeadUpdateInput; etag: string | null }) =>
      saveLeadEdit(id, body, etag),
    onSuccess: invalidate,
  });
}

export function useDeleteLead() {
  const invalidate = useInvalidateLeads();
  return useMutation({ mutationFn: deleteLead, onSuccess: invalidate });
}
