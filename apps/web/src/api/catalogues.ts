import type {
  CatalogueCreateInput,
  CatalogueItem,
  CatalogueListQuery,
  CatalogueListResponse,
  CatalogueResource,
  CatalogueUpdateInput,
} from '@funil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type { CatalogueItem, CatalogueListResponse, CatalogueResource };

export const catalogueKeys = {
  all: ['api', 'catalogues'] as const,
  resource: (resource: CatalogueResource) => [...catalogueKeys.all, resource] as const,
  lists: (resource: CatalogueResource) => [...catalogueKeys.resource(resource), 'list'] as const,
  list: (resource: CatalogueResource, params: Partial<CatalogueListQuery>) =>
    [...catalogueKeys.lists(resource), params] as const,
};

const itemPath = (resource: CatalogueResource, id: string) => `/api/${resource}/${encodeURIComponent(id)}`;

export function listCatalogueItems(
  resource: CatalogueResource,
  params: Partial<CatalogueListQuery> = {},
  signal?: AbortSignal,
) {
  return http.get<CatalogueListResponse>(`/api/${resource}`, { params, signal });
}

export function createCatalogueItem(resource: CatalogueResource, body: CatalogueCreateInput) {
  return http.post<CatalogueItem>(`/api/${resource}`, body);
}

export function updateCatalogueItem(resource: CatalogueResource, id: string, body: CatalogueUpdateInput) {
  return http.patch<CatalogueItem>(itemPath(resource, id), body);
}

export const catalogueListQueryOptions = (
  resource: CatalogueResource,
  params: Partial<CatalogueListQuery> = {},
) =>
  queryOptions({
    queryKey: catalogueKeys.list(resource, params),
    queryFn: ({ signal }) => listCatalogueItems(resource, params, signal),
  });

/** Active items, by name: the option lists of the lead form and the pipeline filters. */
export const activeCatalogueOptions = (resource: CatalogueResource) =>
  catalogueListQueryOptions(resource, { status: 'active', sort: 'name', order: 'asc' });

export function useCreateCatalogueItem(resource: CatalogueResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CatalogueCreateInput) => createCatalogueItem(resource, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.resource(resource) }),
  });
}

export function useUpdateCatalogueItem(resource: CatalogueResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CatalogueUpdateInput }) =>
      updateCatalogueItem(resource, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.resource(resource) }),
  });
}
