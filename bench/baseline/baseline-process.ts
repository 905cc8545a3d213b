// The baseline server as a child process, like Funil's (support/bench-server.ts): a free port,
// the same JWT secret, the session cache on or off.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { findFreePort, stopServer, waitForHealth } from '@funil/test-server';
import type { BenchServer } from '../support/bench-server';

export async function startBaselineServer(options: {
  databaseUrl: string;
  recipesFile: string;
  jwtSecret: string;
  sessionCacheSeconds: number;
}): Promise<BenchServer> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'server.ts')], {
    cwd: resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      BASELINE_RECIPES: options.recipesFile,
      JWT_SECRET: options.jwtSecret,
      SESSION_CACHE_SECONDS: String(options.sessionCacheSeconds),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => stopServer(server);
  try {
    await waitForHealth(baseUrl, { timeoutMs: 30_000, server });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
