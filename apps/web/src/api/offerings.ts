import type {
  Offering,
  OfferingCreateInput,
  OfferingListQuery,
  OfferingListResponse,
  OfferingSummary,
  OfferingUpdateInput,
} from '@funil/shared';
import { LIST_MAX_LIMIT } from '@funil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type { Offering, OfferingListResponse, OfferingSummary };

/** Every offering of one prospectus year, read through all of its pages (the prospectus screen). */
export type YearOfferings = { year: number; offerings: Offering[] };

/** Every offerings query lives under `offeringKeys.all`; a mutation reads them all again. */
export const offeringKeys = {
  all: ['api', 'offerings'] as const,
  lists: () => [...offeringKeys.all, 'list'] as const,
  list: (params: Partial<OfferingListQuery>) => [...offeringKeys.lists(), params] as const,
  summaries: () => [...offeringKeys.all, 'summary'] as const,
  summary: (year: number | undefined) => [...offeringKeys.summaries(), year ?? null] as const,
  /** A whole year's offerings (every page): patched in place by live events, never paged. */
  years: () => [...offeringKeys.all, 'year'] as const,
  year: (year: number) => [...offeringKeys.years(), year] as const,
};

const PATH = '/api/offerings';
const itemPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export function listOfferings(params: Partial<OfferingListQuery> = {}, signal?: AbortSignal) {
  return http.get<OfferingListResponse>(PATH, { params, signal });
}

/** Pages read at once while loading a whole year: a few thousand offerings in a few round trips. */
const YEAR_PAGE_CONCURRENCY = 4;

/**
 * Every offering of `year`, page after page of the largest size, oldest first so that a page's
 * members stay put while the rest is read; one created meanwhile may show on two pages, and is
 * kept once.
 */
export async function listYearOfferings(year: number, signal?: AbortSignal): Promise<YearOfferings> {
  const page = (number: number) =>
    listOfferings(
      { prospectus_year: year, limit: LIST_MAX_LIMIT, page: number, sort: 'createdAt', order: 'asc' },
      signal,
    );
  const first = await page(1);
  const pageCount = Math.ceil(first.total / LIST_MAX_LIMIT);
  const pages = [first];
  for (let next = 2; next <= pageCount; next += YEAR_PAGE_CONCURRENCY) {
    const numbers = Array.from(
      { length: Math.min(YEAR_PAGE_CONCURRENCY, pageCount - next + 1) },
      (_, index) => next + index,
    );
    pages.push(...(await Promise.all(numbers.map(page))));
  }
  const byId = new Map<string, Offering>();
  for (const { data } of pages) for (const offering of data) byId.set(offering.id, offering);
  return { year, offerings: [...byId.values()] };
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

export const yearOfferingsQueryOptions = (year: number) =>
  queryOptions({
    queryKey: offeringKeys.year(year),
    queryFn: ({ signal }) => listYearOfferings(year, signal),
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
