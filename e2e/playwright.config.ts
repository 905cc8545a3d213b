import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findFreePortSync, funilServerEnv } from '@funil/test-server';
import { defineConfig, devices } from '@playwright/test';

// Workers re-read this file: the port and data folder are chosen once, by the main process, and
// inherited through the environment. Playwright evaluates the config synchronously, hence the
// synchronous port probe.
process.env.E2E_PORT ??= String(findFreePortSync());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'funil-e2e-'));

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const repoRoot = resolve(import.meta.dirname, '..');

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // A spec file runs its tests in order on one worker; files run side by side. Each file that
  // changes what others would see (the first account, settings, catalogues) has a server and data
  // folder of its own (support/fresh-installation.ts); the rest make their own uniquely named data
  // on the shared server. Two workers suit the two-core CI machine; E2E_WORKERS overrides.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // Two shared cores: a screen may take more than the default 5 s to settle while a build or
  // a benchmark runs beside the suite; a real failure still fails, only later.
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'pt-BR',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  // The app started as a user starts it: `npm start` on a fresh data folder and a free port.
  webServer: {
    command: 'npm start',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: funilServerEnv({ port: process.env.E2E_PORT, dataDir: process.env.E2E_DATA_DIR }),
  },
});
