import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findFreePort, funilServerEnv, stopServer, waitForHealth } from '@funil/test-server';

const repoRoot = resolve(import.meta.dirname, '../..');

export type BenchServer = { baseUrl: string; stop: () => Promise<void> };

export type StartedServer = BenchServer & {
  /** The server's process id (its memory is read from /proc/<pid>/status). */
  pid: number;
  /** From spawning the process to /api/health answering 200 (migrations and database opening included). */
  startedInMs: number;
};

type ServerPlace = {
  /** PostgreSQL to run on; unset: the embedded database in `dataDir`. */
  databaseUrl?: string;
  /** The data folder; unset: a throwaway one, removed when the server stops. */
  dataDir?: string;
  /**
   * Where the server's log lines go: this terminal (default), or nowhere — a server logging each
   * request at info under load writes them to /dev/null, as a service manager would take them.
   */
  logs?: 'terminal' | 'discarded';
};

/**
 * The built server (apps/api/dist/server.js) as a user would start it: a free port, quiet logs,
 * `extraEnv` on top (JWT_SECRET, SESSION_CACHE_SECONDS…). It migrates the database when it starts.
 */
export async function startServer(
  place: ServerPlace,
  extraEnv: Record<string, string> = {},
): Promise<StartedServer> {
  const port = await findFreePort();
  const dataDir = place.dataDir ?? mkdtempSync(join(tmpdir(), 'funil-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = spawn(process.execPath, [join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...funilServerEnv({ port, dataDir, databaseUrl: place.databaseUrl }),
      ...extraEnv,
    },
    stdio: ['ignore', place.logs === 'discarded' ? 'ignore' : 'inherit', 'inherit'],
  });
  const stop = async () => {
    await stopServer(server);
    if (!place.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Polled every 20 ms: the start time is a figure of the benchmarks.
    await waitForHealth(baseUrl, { timeoutMs: 120_000, server, pollIntervalMs: 20 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: server.pid ?? 0, startedInMs: performance.now() - started, stop };
}

/** The built server on the PostgreSQL database `databaseUrl`, with a throwaway data folder (lock, outbox). */
export const startBenchServer = (
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
  logs: ServerPlace['logs'] = 'terminal',
) => startServer({ databaseUrl, logs }, extraEnv);
