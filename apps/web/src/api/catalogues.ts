import type {
  CatalogueCreateInput,
  CatalogueItem,
  CatalogueListResponse,
  CatalogueResource,
  CatalogueSortField,
  CatalogueUpdate,
  RecordStatus,
  SortOrder,
} from '@funil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type { CatalogueItem, CatalogueListResponse, CatalogueResource };

/** What the catalogue calls may ask (docs/api.md, Catalogues); no paging means every row. */
export type CatalogueListParams = {
  status?: RecordStatus;
  search?: string;
  sort?: CatalogueSortField;
  order?: SortOrder;
};

export type CatalogueCreateBody = CatalogueCreateInput;
export type CatalogueUpdateBody = Partial<CatalogueUpdate>;

export const catalogueKeys = {
  all: ['api', 'catalogues'] as const,
  resource: (resource: CatalogueResource) => [...catalogueKeys.all, resource] as const,
  lists: (resource: CatalogueResource) => [...catalogueKeys.resource(resource), 'list'] as const,
  list: (resource: CatalogueResource, params: CatalogueListParams) =>
    [...catalogueKeys.lists(resource), params] as const,
};

const itemPath = (resource: CatalogueResource, id: string) => `/api/${resource}/${encodeURIComponent(id)}`;

export function listCatalogueItems(
  resource: CatalogueResource,
  params: CatalogueListParams = {},
  signal?: AbortSignal,
) {
  return http.get<CatalogueListResponse>(`/api/${resource}`, { params, signal });
}

export function createCatalogueItem(resource: CatalogueResource, body: CatalogueCreateBody) {
  return http.post<CatalogueItem>(`/api/${resource}`, body);
}

export function updateCatalogueItem(resource: CatalogueResource, id: string, body: CatalogueUpdateBody) {
  return http.patch<CatalogueItem>(itemPath(resource, id), body);
}

export const catalogueListQueryOptions = (resource: CatalogueResource, params: CatalogueListParams = {}) =>
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
    mutationFn: (body: CatalogueCreateBody) => createCatalogueItem(resource, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.resource(resource) }),
  });
}

export function useUpdateCatalogueItem(resource: CatalogueResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CatalogueUpdateBody }) =>
      updateCatalogueItem(resource, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.resource(resource) }),
  });
}
