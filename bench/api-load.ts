// API load benchmark: starts the built server as a user would (fresh DATA_DIR, free port), then
// drives it with autocannon and prints requests/s and latency percentiles. A script, not a test:
// nothing here asserts a time. Run with `npm run bench` after `npm run build`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findFreePort, funilServerEnv, stopServer, waitForHealth } from '@funil/test-server';
import autocannon from 'autocannon';
import { createIfMissing, signInBench } from './support/bench-account';

const repoRoot = resolve(import.meta.dirname, '..');
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

type Scenario = { name: string; path: string; authenticated?: boolean };

const scenarios: Scenario[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET / (SPA index)', path: '/' },
  { name: 'GET /api/auth/me', path: '/api/auth/me', authenticated: true },
  { name: 'GET /api/verticals (50)', path: '/api/verticals?sort=createdAt&order=desc', authenticated: true },
  { name: 'GET /api/franchises', path: '/api/franchises', authenticated: true },
];

const CATALOGUE_ITEMS = 50;

/**
 * Claims the installation (first account = admin; on a BENCH_DATABASE_URL used before, signs the
 * same account in) and fills a catalogue (items left from an earlier run are kept); returns the token.
 */
async function prepareData(baseUrl: string): Promise<string> {
  const { token } = await signInBench(baseUrl);
  for (let index = 1; index <= CATALOGUE_ITEMS; index += 1) {
    await createIfMissing(baseUrl, token, '/api/verticals', {
      name: `Vertical ${index}`,
      label: `Label ${index}`,
    });
  }
  return token;
}

async function main(): Promise<void> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'funil-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...funilServerEnv({ port, dataDir, databaseUrl: process.env.BENCH_DATABASE_URL ?? '' }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(baseUrl, { timeoutMs: 60_000, server });
    const token = await prepareData(baseUrl);
    console.log(`Funil API benchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario\n`);
    console.log(
      'scenario'.padEnd(28),
      'req/s'.padStart(10),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'errors'.padStart(8),
    );
    for (const scenario of scenarios) {
      const result = await autocannon({
        url: baseUrl + scenario.path,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
        headers: scenario.authenticated ? { authorization: `Bearer ${token}` } : {},
      });
      console.log(
        scenario.name.padEnd(28),
        result.requests.average.toFixed(0).padStart(10),
        String(result.latency.p50).padStart(8),
        String(result.latency.p99).padStart(8),
        String(result.errors + result.non2xx).padStart(8),
      );
    }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
