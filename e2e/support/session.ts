import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';

export type Session = { token: string; user: { roles: string[] } & Record<string, unknown> };

async function sessionOf(response: APIResponse, expectedStatus: number): Promise<Session> {
  expect(response.status(), await response.text()).toBe(expectedStatus);
  const body = (await response.json()) as { access_token: string; user: Session['user'] };
  return { token: body.access_token, user: body.user };
}

/** Registers an account through the API (the first one of an installation becomes admin). */
export async function registerByApi(
  request: APIRequestContext,
  data: { name: string; email: string; password: string },
): Promise<Session> {
  return sessionOf(await request.post('/api/auth/register', { data }), 201);
}

/** The first account of a fresh installation in the specs: it claims the installation as admin. */
export const FIRST_ADMIN = { name: 'Ana Souza', email: 'ana@empresa.com.br', password: 'segredo1' };

/** Registers FIRST_ADMIN on a fresh installation: the admin's session. */
export const registerFirstAdmin = (request: APIRequestContext) => registerByApi(request, FIRST_ADMIN);

/** A new session (its own token) for an existing account. */
export async function loginByApi(
  request: APIRequestContext,
  data: { email: string; password: string },
): Promise<Session> {
  return sessionOf(await request.post('/api/auth/login', { data }), 200);
}

/**
 * Signs a page in the way the app keeps a session — `token` and `user` in localStorage — before
 * any of its scripts run, on the first document only: a reload must see what the app itself stored.
 */
export async function signInWithSession(page: Page, { token, user }: Session): Promise<void> {
  await page.addInitScript(
    ({ token, user }) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token, user },
  );
}

export const bearer = ({ token }: Session) => ({ authorization: `Bearer ${token}` });

/** Creates a record through the API as `session` (its answer must be 201) and answers its body. */
export async function createByApi<T = { id: string }>(
  request: APIRequestContext,
  session: Session,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(path, { data, headers: bearer(session) });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}
