import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findFreePort, funilServerEnv, stopServer, waitForHealth } from '@funil/test-server';
import { test as base } from '@playwright/test';

/**
 * Some journeys need an installation nobody has touched yet: the first account registered becomes
 * the administrator (docs/api.md, Roles), so a spec that claims it must not depend on which other
 * spec ran first on the suite's shared server. `useFreshInstallation()` gives the calling spec
 * file its own server — `scripts/start.mjs`, which is what `npm start` runs — on a free port and
 * an empty DATA_DIR, for the whole file, and points `baseURL` (pages and `request`) at it.
 */
export type Installation = { baseURL: string; dataDir: string };

const repoRoot = resolve(import.meta.dirname, '../..');

type FreshInstallationOptions = {
  /**
   * More settings for the server, asked for just before it starts: the place to start a peer the
   * server must know about (a CNPJ mirror) and hand over its address.
   */
  env?: () => Promise<Record<string, string>> | Record<string, string>;
};

export function useFreshInstallation(options: FreshInstallationOptions = {}) {
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
    const extraEnv = (await options.env?.()) ?? {};
    server = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: repoRoot,
      env: { ...env, ...funilServerEnv({ port, dataDir: installation.dataDir }), ...extraEnv },
      stdio: 'inherit',
    });
    await waitForHealth(installation.baseURL, { timeoutMs: 170_000, server });
  });

  base.afterAll(async () => {
    if (server) await stopServer(server);
    if (installation.dataDir) rmSync(installation.dataDir, { recursive: true, force: true });
  });

  // Test-scoped fixtures are set up after beforeAll, so the address is known by then.
  const test = base.extend<{ installation: Installation }>({
    installation: async ({}, use) => use(installation),
    baseURL: async ({}, use) => use(installation.baseURL),
  });
  return { test, installation };
}
