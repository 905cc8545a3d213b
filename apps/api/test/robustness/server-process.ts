import { type ChildProcess, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { findFreePort, funilServerEnv, waitForHealth } from '@funil/test-server';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  baseURL: string;
  /** What the process wrote to stdout and stderr, for a failure's message. */
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
};

/**
 * The real server as its own process, from source through tsx (the API's `npm run dev` loader),
 * so the test needs no build: `node --import tsx src/server.ts` on a free port, with `dataDir`
 * and, for PostgreSQL, `databaseUrl`. Resolves once /api/health answers.
 */
export async function startServerProcess(settings: {
  dataDir: string;
  databaseUrl?: string;
  /** More environment (a mail server, say), set after the defaults. */
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...funilServerEnv({
        port,
        dataDir: settings.dataDir,
        databaseUrl: settings.databaseUrl,
        logLevel: process.env.ROBUST_LOG ?? 'warn',
      }),
      CNPJ_LOOKUP_URL: 'off',
      ...settings.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, { timeoutMs: 30_000, server: child });
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`, { cause: error });
  }
  return { child, baseURL, output: () => output, exited };
}

/** POST (or any method) with JSON, as the web client sends it. */
export async function callApi(
  baseURL: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseURL}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: response.status, body };
}

/** Claims a new installation: the first account, an admin; answers its token. */
export async function registerFirstAdmin(baseURL: string): Promise<string> {
  const answer = await callApi(baseURL, '/api/auth/register', {
    body: { name: 'Admin Robusto', email: 'admin@example.com', password: 'senha-robusta-1' },
  });
  if (answer.status !== 201) throw new Error(`registering the first admin: ${JSON.stringify(answer)}`);
  return (answer.body as { access_token: string }).access_token;
}

/** Every vertical's name (the catalogue list without page or limit answers every row). */
export async function verticalNames(baseURL: string, token: string): Promise<Set<string>> {
  const answer = await callApi(baseURL, '/api/verticals', { token });
  if (answer.status !== 200) throw new Error(`listing verticals: ${JSON.stringify(answer)}`);
  return new Set((answer.body as { data: { name: string }[] }).data.map((row) => row.name));
}

/**
 * A JSON POST on a connection of its own (no keep-alive reuse): a request on a reused idle
 * connection can cross the server's closing of that connection on the wire, which no server can
 * prevent; on its own connection, a request that was sent is one the server has to answer.
 * `sent` resolves once the whole request has been handed to the socket (or it failed, which
 * `answer` then reports); `answer` resolves with the response.
 */
export function postOnNewConnection(
  baseURL: string,
  path: string,
  token: string,
  body: unknown,
): { sent: Promise<void>; answer: Promise<{ status: number; body: string }> } {
  const payload = JSON.stringify(body);
  let markSent = () => {};
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = httpRequest(
      `${baseURL}${path}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
          connection: 'close',
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', (error) => {
      markSent();
      reject(error);
    });
    outgoing.on('finish', markSent);
    outgoing.end(payload);
  });
  return { sent, answer };
}
