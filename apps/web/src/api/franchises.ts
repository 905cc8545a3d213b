import type { Franchise, FranchiseListResponse } from '@funil/shared';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type { Franchise, FranchiseListResponse };

export const franchiseKeys = {
  all: ['api', 'franchises'] as const,
  list: () => [...franchiseKeys.all, 'list'] as const,
};

/** Every franchise (Praça), sorted by name; read-only reference data. */
export function listFranchises(signal?: AbortSignal) {
  return http.get<FranchiseListResponse>('/api/franchises', { signal });
}

export const franchisesQueryOptions = () =>
  queryOptions({
    queryKey: franchiseKeys.list(),
    queryFn: ({ signal }) => listFranchises(signal),
  });
