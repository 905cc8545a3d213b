import type {
  ContractStatus,
  Lead,
  LeadBoard,
  LeadCreateInput,
  LeadHistory,
  LeadListResponse,
  LeadSortField,
  LeadSummary,
  LeadUpdateInput,
} from '@funil/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type { Lead, LeadBoard, LeadHistory, LeadListResponse, LeadSummary };

/**
 * The pipeline's filters as the API takes them (docs/api.md, Leads); every one runs on the server.
 * Absent means "any".
 */
export type LeadFilterParams = {
  search?: string;
  vertical?: string;
  quota?: string;
  platform?: string;
  prospectus_year?: number;
  /** Franchise names: leads with any of them. */
  franchise?: readonly string[];
};

/** A page of the list view: filters, server sort and paging. */
export type LeadListParams = LeadFilterParams & {
  page: number;
  limit: number;
  sort?: LeadSortField;
  order?: 'asc' | 'desc';
};

/** One board column's page: its status, the filters, and the keyset position to continue from. */
export type LeadColumnParams = LeadFilterParams & {
  contract_status: ContractStatus;
  limit: number;
  cursor?: string;
};

/**
 * Every lead query sits under ['api', 'leads'], so a saved lead invalidates them all with one
 * prefix. The board's column pages and totals have their own branches, so a card moved between
 * two columns can patch exactly those caches (setQueryData) instead of refetching the board.
 */
export const leadKeys = {
  all: ['api', 'leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (params: LeadListParams) => [...leadKeys.lists(), params] as const,
  boards: () => [...leadKeys.all, 'board'] as const,
  board: (filters: LeadFilterParams) => [...leadKeys.boards(), filters] as const,
  columns: () => [...leadKeys.all, 'column'] as const,
  column: (filters: LeadFilterParams, status: ContractStatus) =>
    [...leadKeys.columns(), filters, status] as const,
  summaries: () => [...leadKeys.all, 'summary'] as const,
  summary: (filters: LeadFilterParams) => [...leadKeys.summaries(), filters] as const,
  detail: (id: string) => [...leadKeys.all, 'detail', id] as const,
  history: (id: string) => [...leadKeys.all, 'history', id] as const,
};

const leadPath = (id: string) => `/api/leads/${encodeURIComponent(id)}`;

export function listLeads(params: LeadListParams | LeadColumnParams, signal?: AbortSignal) {
  return http.get<LeadListResponse>('/api/leads', { params: params, signal });
}

export function getLeadBoard(params: LeadFilterParams & { limit: number }, signal?: AbortSignal) {
  return http.get<LeadBoard>('/api/leads/board', { params: params, signal });
}

export function getLeadSummary(filters: LeadFilterParams, signal?: AbortSignal) {
  return http.get<LeadSummary>('/api/leads/summary', { params: filters, signal });
}

export function getLead(id: string, signal?: AbortSignal) {
  return http.get<Lead>(leadPath(id), { signal });
}

export function getLeadHistory(id: string, signal?: AbortSignal) {
  return http.get<LeadHistory>(`${leadPath(id)}/history`, { signal });
}

export function createLead(body: LeadCreateInput) {
  return http.post<Lead>('/api/leads', body);
}

export function updateLead(id: string, body: LeadUpdateInput) {
  return http.patch<Lead>(leadPath(id), body);
}

export function deleteLead(id: string) {
  return http.delete<void>(leadPath(id));
}

export const leadListQueryOptions = (params: LeadListParams) =>
  queryOptions({
    queryKey: leadKeys.list(params),
    queryFn: ({ signal }) => listLeads(params, signal),
    // Paging, sorting and filtering keep the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const leadSummaryQueryOptions = (filters: LeadFilterParams) =>
  queryOptions({
    queryKey: leadKeys.summary(filters),
    queryFn: ({ signal }) => getLeadSummary(filters, signal),
  });

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

function useInvalidateLeads() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: leadKeys.all });
}

export function useCreateLead() {
  const invalidate = useInvalidateLeads();
  return useMutation({ mutationFn: createLead, onSuccess: invalidate });
}

export function useUpdateLead() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LeadUpdateInput }) => updateLead(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteLead() {
  const invalidate = useInvalidateLeads();
  return useMutation({ mutationFn: deleteLead, onSuccess: invalidate });
}
