import { QueryClient } from '@tanstack/react-query';

/**
 * Server data is fetched once and kept until a mutation invalidates it or the user refreshes:
 * it never goes stale on its own, is never refetched behind the user's back (window focus, an
 * interval), and a failed call is not retried (the screen says so and offers 'Tentar Novamente').
 * Every query brings its own key and fetcher from apps/web/src/api/<resource>.ts.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
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
