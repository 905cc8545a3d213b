import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { peekAuthFlash } from './auth-flash';
import { buildUrl, getErrorMessage, http, HttpError, openStream, setUnauthorizedHandler } from './http';
import { STORAGE_KEYS } from './storage-keys';

type FetchArgs = [input: string, init: RequestInit];

function stubFetch(response: Response) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function jsonResponse(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
}

function headersOf(fetchMock: ReturnType<typeof stubFetch>) {
  const init = fetchMock.mock.calls[0]?.[1];
  return new Headers(init?.headers);
}

describe('http', () => {
  let onUnauthorized: Mock<() => void>;
  let restoreHandler: () => void;

  beforeEach(() => {
    onUnauthorized = vi.fn<() => void>();
    restoreHandler = setUnauthorizedHandler(onUnauthorized);
  });

  afterEach(() => {
    restoreHandler();
  });

  it('sends JSON content type, Accept */* and cookies on every method, with no token', async () => {
    for (const call of [
      () => http.get('/api/brands'),
      () => http.delete('/api/brands/1'),
      () => http.post('/api/auth/logout'),
    ]) {
      const fetchMock = stubFetch(jsonResponse({ ok: true }));
      await call();
      const headers = headersOf(fetchMock);
      expect(headers.get('Content-Type')).toBe('application/json');
      expect(headers.get('Accept')).toBe('*/*');
      expect(headers.has('Authorization')).toBe(false);
      expect(fetchMock.mock.calls[0]?.[1].credentials).toBe('include');
    }
  });

  it('adds the Bearer token when one is stored', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'abc.def');
    const fetchMock = stubFetch(jsonResponse([]));
    await http.get('/api/verticals');
    expect(headersOf(fetchMock).get('Authorization')).toBe('Bearer abc.def');
  });

  it('sends the interface language as Accept-Language, whatever the browser says', async () => {
    for (const [stored, expected] of [
      [null, 'pt-BR'],
      ['en', 'en'],
      ['es', 'es'],
      ['pt-BR', 'pt-BR'],
    ] as const) {
      if (stored) localStorage.setItem(STORAGE_KEYS.language, stored);
      else localStorage.removeItem(STORAGE_KEYS.language);
      const fetchMock = stubFetch(jsonResponse([]));
      await http.post('/api/verticals', { name: 'x' });
      expect(headersOf(fetchMock).get('Accept-Language')).toBe(expected);
    }
    localStorage.removeItem(STORAGE_KEYS.language);
  });

  it('uses the right method and serialises the body as JSON', async () => {
    const body = { name: 'TV', label: 'TV', status: 'active' };
    for (const [method, call] of [
      ['POST', () => http.post('/api/verticals', body)],
      ['PATCH', () => http.patch('/api/verticals/1', body)],
      ['PUT', () => http.put('/api/verticals/1', body)],
    ] as const) {
      const fetchMock = stubFetch(jsonResponse(body));
      await expect(call()).resolves.toEqual(body);
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe(method === 'POST' ? '/api/verticals' : '/api/verticals/1');
      expect(init?.method).toBe(method);
      expect(init?.body).toBe(JSON.stringify(body));
    }
  });

  it('sends query parameters, leaving out empty ones', async () => {
    const fetchMock = stubFetch(jsonResponse({ data: [] }));
    await http.get('/api/leads', {
      params: { sort: 'createdAt', order: 'desc', limit: 100, vertical: '', quota: undefined, page: null },
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/leads?sort=createdAt&order=desc&limit=100');
  });

  it('answers undefined for 204 and for an empty body', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(http.delete('/api/leads/1')).resolves.toBeUndefined();
    stubFetch(new Response('', { status: 200 }));
    await expect(http.post('/api/auth/reset-password', { email: 'a@b.co' })).resolves.toBeUndefined();
  });

  it('throws an HttpError whose text is "status: body" and keeps the server message', async () => {
    const body = JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Marca não encontrada' });
    stubFetch(new Response(body, { status: 404, statusText: 'Not Found' }));
    const error = await http.get('/api/brands/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    const httpError = error as HttpError;
    expect(httpError.message).toBe(`404: ${body}`);
    expect(httpError.status).toBe(404);
    expect(httpError.body).toBe(body);
    expect(httpError.serverMessage).toBe('Marca não encontrada');
    expect(getErrorMessage(httpError, 'Erro ao carregar marca')).toBe('Marca não encontrada');
  });

  it('uses the status text when the error body is empty', async () => {
    stubFetch(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await http.get('/api/brands').catch((caught: unknown) => caught)) as HttpError;
    expect(error.message).toBe('Bad Gateway');
    expect(error.serverMessage).toBeUndefined();
    expect(getErrorMessage(error, 'Erro ao buscar marcas')).toBe('Erro ao buscar marcas');
  });

  it('keeps validation issues', async () => {
    const issues = [{ path: 'name', message: 'Nome deve ter no minimo 2 caracteres' }];
    stubFetch(jsonResponse({ statusCode: 400, message: issues[0]?.message, issues }, { status: 400 }));
    const error = (await http.post('/api/verticals', {}).catch((caught: unknown) => caught)) as HttpError;
    expect(error.issues).toEqual(issues);
  });

  it('on a 401 for a call that carried a token: clears the session and leaves for /login', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'expired');
    localStorage.setItem(STORAGE_KEYS.user, '{"id":"1"}');
    localStorage.setItem(STORAGE_KEYS.authUser, '{"id":"1"}');
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    stubFetch(jsonResponse({ message: 'Sessão expirada. Faça login novamente.' }, { status: 401 }));

    await expect(http.get('/api/brands')).rejects.toMatchObject({ status: 401 });

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('ends a refused session once, however many calls of it are refused', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'revoked');
    const refused = () =>
      jsonResponse({ message: 'Sessão expirada. Faça login novamente.' }, { status: 401 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refused()),
    );

    // The live stream's reconnection and two queries, all sent with the revoked token.
    const calls = [http.get('/api/events'), http.get('/api/brands'), http.get('/api/leads')].map((call) =>
      call.catch((error: unknown) => error),
    );
    for (const error of await Promise.all(calls)) expect(error).toMatchObject({ status: 401 });

    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('leaves a newer session alone when a call of an earlier one is refused late', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'earlier');
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(
      () => new Promise((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const call = http.get('/api/brands').catch((error: unknown) => error);
    expect(headersOf(fetchMock).get('Authorization')).toBe('Bearer earlier');

    // Signed in again before the old session's call was answered.
    localStorage.setItem(STORAGE_KEYS.token, 'newer');
    answer(jsonResponse({ message: 'Sessão expirada. Faça login novamente.' }, { status: 401 }));

    expect(await call).toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('newer');
  });

  it.each([
    [
      'a 503 while the database is away',
      () => jsonResponse({ message: 'Serviço indisponível' }, { status: 503 }),
    ],
    ['a 500', () => jsonResponse({ message: 'Erro interno do servidor.' }, { status: 500 })],
  ])('keeps the session on %s', async (_, reply) => {
    localStorage.setItem(STORAGE_KEYS.token, 'valid');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply()),
    );
    await expect(http.get('/api/brands')).rejects.toBeInstanceOf(HttpError);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('valid');
  });

  it('keeps the session on a network error', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'valid');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(http.get('/api/brands')).rejects.toBeInstanceOf(TypeError);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('valid');
  });

  it('treats a 401 without a token as a failed sign-in, not an expired session', async () => {
    localStorage.setItem(STORAGE_KEYS.user, '{"id":"1"}');
    stubFetch(jsonResponse({ message: 'Credenciais inválidas' }, { status: 401 }));
    const error = (await http
      .post('/api/auth/login', { email: 'a@b.co', password: 'wrong!' })
      .catch((caught: unknown) => caught)) as HttpError;
    expect(error.serverMessage).toBe('Credenciais inválidas');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.user)).not.toBeNull();
  });

  it('by default leaves the session-expired notice for the login page and goes there', async () => {
    restoreHandler();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    localStorage.setItem(STORAGE_KEYS.token, 'expired');
    stubFetch(jsonResponse({ message: 'Sessão expirada. Faça login novamente.' }, { status: 401 }));

    await expect(http.get('/api/auth/me')).rejects.toBeInstanceOf(HttpError);

    expect(assign).toHaveBeenCalledWith('/login');
    expect(peekAuthFlash()).toBe('session_expired');
    assign.mockRestore();
    restoreHandler = setUnauthorizedHandler(onUnauthorized);
  });

  it('sends FormData as multipart, letting the browser set the boundary', async () => {
    const fetchMock = stubFetch(jsonResponse({ ok: true }));
    const form = new FormData();
    form.append('image', new Blob(['x']), 'logo.png');
    await http.post('/api/brands/1/image', form);
    expect(headersOf(fetchMock).has('Content-Type')).toBe(false);
    expect(fetchMock.mock.calls[0]?.[1].body).toBe(form);
  });
  it('opens a stream with the same headers, handing back the unread response', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'abc');
    const fetchMock = stubFetch(new Response('data: [DONE]\n\n', { status: 200 }));
    const response = await openStream('/api/ai/chat', '{"prompt":"x"}');
    const init = fetchMock.mock.calls[0]![1];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"prompt":"x"}');
    expect(headersOf(fetchMock).get('Authorization')).toBe('Bearer abc');
    expect(headersOf(fetchMock).get('Accept-Language')).toBeTruthy();
    expect(await response.text()).toBe('data: [DONE]\n\n');
  });

  it('throws an HttpError with the server message when a stream is refused', async () => {
    stubFetch(jsonResponse({ message: 'Limite atingido' }, { status: 429 }));
    const error = await openStream('/api/ai/chat', '{}').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).serverMessage).toBe('Limite atingido');
  });
});

describe('buildUrl', () => {
  it('repeats array parameters and appends to an existing query', () => {
    expect(buildUrl('/api/x', { ids: ['a', 'b'] })).toBe('/api/x?ids=a&ids=b');
    expect(buildUrl('/api/x?a=1', { b: 2 })).toBe('/api/x?a=1&b=2');
    expect(buildUrl('/api/x', {})).toBe('/api/x');
  });
});
