import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { http, type QueryParams } from './http';

/**
 * The default query function (SPEC.md §7): GET the key's segments joined by '/'. A plain object as
 * the last segment becomes the query string, so `['api', 'verticals', { status: 'active' }]`
 * fetches `/api/verticals?status=active`.
 */
export function queryKeyToUrl(queryKey: QueryKey): { path: string; params?: QueryParams } {
  const last = queryKey.at(-1);
  const hasParams = typeof last === 'object' && last !== null && !Array.isArray(last);
  const segments = (hasParams ? queryKey.slice(0, -1) : queryKey).map((segment) =>
    String(segment).replace(/^\/+|\/+$/g, ''),
  );
  const path = `/${segments.filter(Boolean).join('/')}`;
  return hasParams ? { path, params: last as QueryParams } : { path };
}

export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const { path, params } = queryKeyToUrl(queryKey);
  return http.get(path, { params, signal });
};

/** SPEC.md §9: data never goes stale, is never refetched behind the user's back, never retried. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
