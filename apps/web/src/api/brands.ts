import type {
  Brand,
  BrandCreateInput,
  BrandListQuery,
  BrandListResponse,
  BrandUpdateInput,
} from '@funil/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http, ifMatch } from '@/lib/http';

export type { Brand, BrandListResponse };

/**
 * Every brand query sits under ['api', 'brands'], so a change that touches brands — a brand saved,
 * a picture uploaded, a contact made principal (the list shows the principal contact) —
 * invalidates them all with that one prefix.
 */
export const brandKeys = {
  all: ['api', 'brands'] as const,
  lists: () => [...brandKeys.all, 'list'] as const,
  list: (params: BrandListQuery) => [...brandKeys.lists(), params] as const,
  detail: (id: string) => [...brandKeys.all, 'detail', id] as const,
};

const brandPath = (id: string) => `/api/brands/${encodeURIComponent(id)}`;

export function listBrands(params: BrandListQuery, signal?: AbortSignal) {
  return http.get<BrandListResponse>('/api/brands', { params, signal });
}

/** The brand with its ETag, which the edit screen sends back as If-Match when it saves. */
export function getBrand(id: string, signal?: AbortSignal) {
  return http.getVersioned<Brand>(brandPath(id), { signal });
}

export function createBrand(body: BrandCreateInput) {
  return http.post<Brand>('/api/brands', body);
}

/** Saves over the version the form was opened with (`etag`), else a 412; the answer has the new ETag. */
export function updateBrand(id: string, body: BrandUpdateInput, etag: string | null) {
  return http.patchVersioned<Brand>(brandPath(id), body, { headers: ifMatch(etag) });
}

/** Multipart with one `image` field; the server decides the type by content and resizes it. */
export function uploadBrandImage(id: string, file: File) {
  const form = new FormData();
  form.append('image', file);
  return http.put<Brand>(`${brandPath(id)}/image`, form);
}

export function removeBrandImage(id: string) {
  return http.delete<void>(`${brandPath(id)}/image`);
}

export const brandListQueryOptions = (params: BrandListQuery) =>
  queryOptions({
    queryKey: brandKeys.list(params),
    queryFn: ({ signal }) => listBrands(params, signal),
    // Paging, sorting and searching keep the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const brandQueryOptions = (id: string) =>
  queryOptions({
    queryKey: brandKeys.detail(id),
    queryFn: ({ signal }) => getBrand(id, signal),
  });

function useInvalidateBrands() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: brandKeys.all });
}

export function useCreateBrand() {
  const invalidate = useInvalidateBrands();
  return useMutation({ mutationFn: createBrand, onSuccess: invalidate });
}

export function useUpdateBrand() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: ({ id, body, etag }: { id: string; body: BrandUpdateInput; etag: string | null }) =>
      updateBrand(id, body, etag),
    onSuccess: invalidate,
  });
}

export function useUploadBrandImage() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadBrandImage(id, file),
    onSuccess: invalidate,
  });
}

export function useRemoveBrandImage() {
  const invalidate = useInvalidateBrands();
  return useMutation({ mutationFn: removeBrandImage, onSuccess: invalidate });
}
