import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { meQueryOptions } from '@/api/auth';
import { backoffDelay } from '@/lib/backoff';
import { HttpError } from '@/lib/http';
import { getToken } from './session';

/**
 * A failure that says nothing about the session: the server or its database away (a 5xx, the 503
 * 'Serviço indisponível'), no answer at all (a network error), a timeout or a rate limit. The user
 * stays signed in and the question is asked again; only the server saying no (a 401) ends it.
 */
function isUnavailable(error: Error): boolean {
  if (!(error instanceof HttpError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * The stored token checked with the server (/api/auth/me), asked again, backing off to 10 s, until
 * the server answers: a restart or a database outage keeps the checking screen up a little longer,
 * never signs the user out.
 */
export const sessionQueryOptions = () =>
  queryOptions({
    ...meQueryOptions(),
    retry: (_failures, error) => isUnavailable(error),
    retryDelay: (failures) => backoffDelay(failures),
  });

/**
 * Starts the check of a stored session as the app's code starts, before the first render: the
 * signed-in screens wait for its answer, and it no longer waits for the words and the screens'
 * code to download first.
 */
export function prefetchStoredSession(queryClient: QueryClient): void {
  if (getToken()) void queryClient.prefetchQuery(sessionQueryOptions());
}
