import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base } from '@playwright/test';

/**
 * Some journeys need an installation nobody has touched yet: the first account registered becomes
 * the administrator (API.md "Roles"), so a spec that claims it must not depend on which other spec
 * ran first on the suite's shared server. `useFreshInstallation()` gives the calling spec file its
 * own server — `scripts/start.mjs`, which is what `npm start` runs — on a free port and an empty
 * DATA_DIR, for the whole file, and points `baseURL` (pages and `request`) at it.
 */
export type Installation = { baseURL: string; dataDir: string };

const repoRoot = resolve(import.meta.dirname, '../..');

function findFreePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(server: ChildProcess, baseURL: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`${baseURL}/api/health did not answer within ${timeoutMs} ms`);
}

export function useFreshInstallation() {
  const installation: Installation = { baseURL: '', dataDir: '' };
  let server: ChildProcess | undefined;

  base.describe.configure({ mode: 'serial' });

  base.beforeAll(async () => {
    base.setTimeout(180_000);
    const port = await findFreePort();
    installation.baseURL = `http://127.0.0.1:${port}`;
    installation.dataDir = mkdtempSync(join(tmpdir(), 'funil-e2e-'));
    // The test runner's NODE_OPTIONS (its module loader) are not the server's business.
    const { NODE_OPTIONS: _runnerOptions, ...env } = process.env;
    server = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: repoRoot,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: installation.dataDir,
        APP_URL: installation.baseURL,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: 'inherit',
    });
    await waitForHealth(server, installation.baseURL, 170_000);
  });

  base.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server?.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    if (installation.dataDir) rmSync(installation.dataDir, { recursive: true, force: true });
  });

  // Test-scoped fixtures are set up after beforeAll, so the address is known by then.
  const test = base.extend<{ installation: Installation }>({
    installation: async ({}, use) => use(installation),
    baseURL: async ({}, use) => use(installation.baseURL),
  });
  return { test, installation };
}
