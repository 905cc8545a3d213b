import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { threadId } from 'node:worker_threads';
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

let bundled: Promise<string> | undefined;

/**
 * The server under test bundled as `npm run build` bundles it, from the sources as they are now,
 * once per test process. It goes next to dist/server.js, one folder below the API's, so it finds
 * its migrations and packages as the real bundle does, and is removed when the process exits.
 * A process starts from one bundled file about a second sooner than from the sources through tsx,
 * and the robustness suites start dozens.
 */
function serverBundle(): Promise<string> {
  bundled ??= (async () => {
    const file = join(apiRoot, 'dist', `server-under-test-${process.pid}-${threadId}.js`);
    process.once('exit', () => {
      rmSync(file, { force: true });
      rmSync(`${file}.map`, { force: true });
    });
    await promisify(execFile)(process.execPath, ['build.mjs', file], { cwd: apiRoot });
    return file;
  })();
  return bundled;
}

/**
 * The real server as its own process, bundled from the current sources (so the test needs no
 * build of its own): `node <bundle>` on a free port, with `dataDir` and, for PostgreSQL,
 * `databaseUrl`. Resolves once /api/health answers.
 */
export async function startServerProcess(settings: {
  dataDir: string;
  databaseUrl?: string;
  /** More environment (a mail server, say), set after the defaults. */
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const bundle = await serverBundle();
  const port = await findFreePort();
  const child = spawn(process.execPath, [bundle], {
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
