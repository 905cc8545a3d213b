import { toLanguage } from '@/i18n/languages';
import { setAuthFlash } from './auth-flash';
import { clearSession, getToken, STORAGE_KEYS } from './storage-keys';

/**
 * The one place the browser talks to the API. Every call sends
 * JSON content type, `Accept: *\/*`, cookies, and the Bearer token when there is one. It also
 * sends the interface language as `Accept-Language`, so the server's messages (validation, 409s)
 * come in the language the user chose, not in the browser's.
 */

type ParamValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, ParamValue | readonly ParamValue[]>;

export type RequestOptions = {
  params?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type ValidationIssue = { path: string; message: string };

/**
 * A non-OK answer. `message` is for logs and developers (`"404: <body>"`, or the status text when
 * the body is empty); `serverMessage` is the API's own `message` field, the one screens show.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The raw response text. */
  readonly body: string;
  /** The parsed JSON body, when it was JSON. */
  readonly data: unknown;
  /** The `message` field of a JSON error body (pt-BR by default; docs/api.md, General). */
  readonly serverMessage: string | undefined;
  /** Field-level validation issues, on 400s. */
  readonly issues: ValidationIssue[];

  constructor(status: number, statusText: string, body: string) {
    super(body ? `${status}: ${body}` : statusText || String(status));
    this.name = 'HttpError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.data = parseJson(body);
    const record = isRecord(this.data) ? this.data : undefined;
    this.serverMessage = typeof record?.message === 'string' ? record.message : undefined;
    this.issues = Array.isArray(record?.issues) ? record.issues.filter(isIssue) : [];
  }
}

/** The text a screen shows for a failed call: the server's message, else the screen's fallback. */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError) return error.serverMessage ?? fallback;
  return fallback;
}

type UnauthorizedHandler = () => void;

/**
 * A full page load rather than a router navigation: it also throws away every cached query and
 * any in-memory state of the expired session.
 */
const redirectToLogin: UnauthorizedHandler = () => {
  setAuthFlash('session_expired');
  window.location.assign('/login');
};

let onUnauthorized: UnauthorizedHandler = redirectToLogin;

/** Replaces what happens after a 401 (tests; an auth provider). Returns a function that restores it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  const previous = onUnauthorized;
  onUnauthorized = handler;
  return () => {
    onUnauthorized = previous;
  };
}

export function buildUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      // The API treats an empty parameter as absent (docs/api.md), so absent values are simply left out.
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const query = search.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** The language the user chose (stored by the i18next detector), pt-BR when none is stored. */
function interfaceLanguage(): string {
  try {
    return toLanguage(localStorage.getItem(STORAGE_KEYS.language));
  } catch {
    return toLanguage(null);
  }
}

/** The headers every call carries: content type (unless multipart), Accept, language and token. */
function apiHeaders(token: string | null, isFormData: boolean, extra?: Record<string, string>) {
  return {
    // Multipart uploads must let the browser write the boundary into Content-Type.
    ...(isFormData ? {} : { 'Content-Type': 'application/json' }),
    Accept: '*/*',
    'Accept-Language': interfaceLanguage(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...extra,
  };
}

/** Sends one call; a non-OK answer throws an HttpError (after a 401 with a token, the session ends). */
async function send(
  method: HttpMethod,
  path: string,
  body: BodyInit | undefined,
  isFormData: boolean,
  options: RequestOptions,
): Promise<Response> {
  const token = getToken();
  const response = await fetch(buildUrl(path, options.params), {
    method,
    headers: apiHeaders(token, isFormData, options.headers),
    credentials: 'include',
    body,
    signal: options.signal,
  });
  if (response.ok) return response;
  const text = await response.text();
  // A 401 without a token is a failed sign-in (wrong password), not an expired session.
  if (response.status === 401 && token) endRefusedSession(token);
  throw new HttpError(response.status, response.statusText, text);
}

/**
 * A call that carried `token` was answered 401: that session is over, and it ends once, whichever
 * call heard it first — the live stream's reconnection or a query, several at once. Only while it
 * is still the stored session: a later refusal of the same token finds it already ended, and a
 * call of an earlier session refused after the user signed in again must not end the new one.
 * Every other failure (a 503 while the database is away, a network error) leaves the session be.
 */
function endRefusedSession(token: string) {
  if (getToken() !== token) return;
  clearSession();
  onUnauthorized();
}

/** A record with the ETag its answer carried: what an edit form sends back as If-Match. */
export type Versioned<T> = { record: T; etag: string | null };

/** A PATCH's `If-Match` for the version a form was opened with; none (last write wins) without one. */
export const ifMatch = (etag: string | null): Record<string, string> => (etag ? { 'If-Match': etag } : {});

/** A save refused because someone else saved the record since it was loaded (docs/api.md, Concurrent edits). */
export const isEditConflict = (error: unknown): error is HttpError =>
  error instanceof HttpError && error.status === 412;

async function sendRequest(method: HttpMethod, path: string, body: unknown, options: RequestOptions) {
  const isFormData = typeof FormData !== 'undefined' && body instanceof FormData;
  const payload = body === undefined ? undefined : isFormData ? body : JSON.stringify(body);
  return send(method, path, payload, isFormData, options);
}

async function readBody<T>(response: Response): Promise<T> {
  const text = response.status === 204 ? '' : await response.text();
  if (!text) return undefined as T;
  const data = parseJson(text);
  return (data === undefined ? text : data) as T;
}

export async function request<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  return readBody<T>(await sendRequest(method, path, body, options));
}

/** A call whose answer's ETag matters (a record an edit form loads or saves). */
export async function requestVersioned<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Versioned<T>> {
  const response = await sendRequest(method, path, body, options);
  return { record: await readBody<T>(response), etag: response.headers.get('etag') };
}

/**
 * A POST whose answer is read as a stream (the AI chat's server-sent events): the same headers,
 * errors and 401 handling as every other call, the OK response handed back unread. `json` is the
 * body already serialised (the AI SDK's transport writes it).
 */
export function openStream(path: string, json: string, options: RequestOptions = {}): Promise<Response> {
  return send('POST', path, json, false, options);
}

/**
 * A GET whose answer is read as a stream (the live-update events): the same headers, errors and
 * 401 handling as every other call (a revoked session ends here, on the reconnect), the OK
 * response handed back unread.
 */
export function openEventStream(path: string, options: RequestOptions = {}): Promise<Response> {
  return send('GET', path, undefined, false, {
    ...options,
    headers: { Accept: 'text/event-stream', ...options.headers },
  });
}

/**
 * A GET whose answer is a file to save (a spreadsheet export, possibly hundreds of megabytes): the
 * same headers, errors and 401 handling as every other call, the OK response handed back unread so
 * the caller can read its body as a stream, count the bytes and cancel through `signal`.
 */
export function openDownload(path: string, options: RequestOptions = {}): Promise<Response> {
  return send('GET', path, undefined, false, options);
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  getVersioned: <T>(path: string, options?: RequestOptions) =>
    requestVersioned<T>('GET', path, undefined, options),
  patchVersioned: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    requestVersioned<T>('PATCH', path, body, options),
};

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIssue(value: unknown): value is ValidationIssue {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';
}
