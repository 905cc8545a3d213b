import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findFreePort, funilServerEnv, stopServer, waitForHealth } from '@funil/test-server';

const repoRoot = resolve(import.meta.dirname, '../..');

export type BenchServer = { baseUrl: string; stop: () => Promise<void> };

/**
 * The built server (apps/api/dist/server.js) on `databaseUrl`, as a user would start it: a free
 * port, a throwaway DATA_DIR (uploads, lock), quiet logs, `extraEnv` on top (JWT_SECRET,
 * SESSION_CACHE_SECONDS…). It migrates the database when it starts.
 */
export async function startBenchServer(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<BenchServer> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'funil-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: { ...process.env, ...funilServerEnv({ port, dataDir, databaseUrl }), ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, { timeoutMs: 120_000, server });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
