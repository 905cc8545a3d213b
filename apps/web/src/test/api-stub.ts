import { vi } from 'vitest';

/**
 * A fake API at the HTTP boundary, for component tests only: `fetch` answers from a table keyed by
 * "METHOD /path" (query string ignored), in JSON or as a raw `Response` (the AI chat's stream).
 * Anything not in the table answers the API's own 404, so a screen that calls something
 * unexpected fails visibly instead of hanging.
 */
export type StubRequest = {
  method: string;
  path: string;
  url: string;
  /** A JSON body, parsed. */
  body: unknown;
  /** A multipart body (an upload), as sent. */
  form: FormData | undefined;
  headers: Headers;
};
export type StubReply = { status?: number; body?: unknown; headers?: Record<string, string> };
/** A raw `Response` is answered as it is (a streamed body, say); build a fresh one per call. */
export type StubAnswer = StubReply | Response;
export type StubRoute = StubAnswer | ((request: StubRequest) => StubAnswer | Promise<StubAnswer>);

export function stubApi(routes: Record<string, StubRoute>) {
  const requests: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://localhost').pathname;
    const body = typeof init.body === 'string' && init.body ? (JSON.parse(init.body) as unknown) : undefined;
    const form = init.body instanceof FormData ? init.body : undefined;
    const request = { method, path, url, body, form, headers: new Headers(init.headers) };
    requests.push(request);
    const route = routes[`${method} ${path}`];
    const reply: StubAnswer = route
      ? typeof route === 'function'
        ? await route(request)
        : route
      : { status: 404, body: { message: 'Rota não encontrada' } };
    if (reply instanceof Response) return reply;
    const status = reply.status ?? 200;
    return new Response(status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The requests made to "METHOD /path". */
    calls: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}

// Fixtures live in api-fixtures.ts; apiUser is re-exported for the tests that import it from here.
export { apiUser } from './api-fixtures';
