import type {
  Offering,
  OfferingCreateInput,
  OfferingListQuery,
  OfferingListResponse,
  OfferingSummary,
  OfferingUpdateInput,
} from '@funil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type { Offering, OfferingListResponse, OfferingSummary };

/** Every offerings query lives under `offeringKeys.all`: a live `offering.*` event invalidates them all. */
export const offeringKeys = {
  all: ['api', 'offerings'] as const,
  lists: () => [...offeringKeys.all, 'list'] as const,
  list: (params: Partial<OfferingListQuery>) => [...offeringKeys.lists(), params] as const,
  summary: (year: number | undefined) => [...offeringKeys.all, 'summary', year ?? null] as const,
};

const PATH = '/api/offerings';
const itemPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export function listOfferings(params: Partial<OfferingListQuery> = {}, signal?: AbortSignal) {
  return http.get<OfferingListResponse>(PATH, { params, signal });
}

export function getOfferingSummary(year: number | undefined, signal?: AbortSignal) {
  return http.get<OfferingSummary>(`${PATH}/summary`, {
    params: year === undefined ? {} : { prospectus_year: year },
    signal,
  });
}

export function createOffering(body: OfferingCreateInput) {
  return http.post<Offering>(PATH, body);
}

export function updateOffering(id: string, body: OfferingUpdateInput) {
  return http.patch<Offering>(itemPath(id), body);
}

export function deleteOffering(id: string) {
  return http.delete<void>(itemPath(id));
}

export const offeringListQueryOptions = (params: Partial<OfferingListQuery> = {}) =>
  queryOptions({
    queryKey: offeringKeys.list(params),
    queryFn: ({ signal }) => listOfferings(params, signal),
  });

export const offeringSummaryQueryOptions = (year: number | undefined) =>
  queryOptions({
    queryKey: offeringKeys.summary(year),
    queryFn: ({ signal }) => getOfferingSummary(year, signal),
  });

/** Creates, edits or deletes an offering; every offerings query is then read again. */
function useOfferingMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offeringKeys.all }),
  });
}

export const useCreateOffering = () => useOfferingMutation(createOffering);
export const useUpdateOffering = () =>
  useOfferingMutation(({ id, body }: { id: string; body: OfferingUpdateInput }) => updateOffering(id, body));
export const useDeleteOffering = () => useOfferingMutation(deleteOffering);
