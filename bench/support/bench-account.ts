/** The benchmarks' account: the first one registered on a bench database, so an administrator. */
export const BENCH_ACCOUNT = { name: 'Bench Admin', email: 'bench@funil.dev', password: 'Bench12345' };

export type BenchSession = { token: string; user: Record<string, unknown> };

async function postJson(baseUrl: string, path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/**
 * A session for the bench account: registers it when the installation has no account yet (it
 * becomes the administrator), signs in otherwise, so every benchmark can run again on the same
 * database.
 */
export async function signInBench(baseUrl: string): Promise<BenchSession> {
  const setup = (await (await fetch(`${baseUrl}/api/auth/setup`)).json()) as { has_users: boolean };
  const response = setup.has_users
    ? await postJson(baseUrl, '/api/auth/login', {
        email: BENCH_ACCOUNT.email,
        password: BENCH_ACCOUNT.password,
      })
    : await postJson(baseUrl, '/api/auth/register', BENCH_ACCOUNT);
  if (!response.ok) throw new Error(`bench sign-in: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string; user: Record<string, unknown> };
  return { token: body.access_token, user: body.user };
}

/** POST as the bench account; a 409 (the item exists from an earlier run) is not an error. */
export async function createIfMissing(baseUrl: string, token: string, path: string, body: unknown) {
  const response = await postJson(baseUrl, path, body, token);
  if (!response.ok && response.status !== 409) {
    throw new Error(`${path}: ${response.status} ${await response.text()}`);
  }
}
