// `npm run bench:embedded -w bench`: Funil on its embedded database (PGlite in the data folder), as
// a team that has not set DATABASE_URL runs it:
// - BENCH_EMBEDDED_LEADS leads (100,000) and BENCH_EMBEDDED_BRANDS brands (2,000) generated into a
//   fresh data folder, by the same set-based generator as PostgreSQL's;
// - the first start on the empty folder (migrations), the first start on the filled one and three
//   reopens, each until /api/health answers (budget ≤ 5 s);
// - the lead by id with one client (budget p99 ≤ 10 ms);
// - the baseline comparison's scenarios with BENCH_CONNECTIONS clients, beside the same on
//   PostgreSQL at the same size when BENCH_EMBEDDED_PG_URL names a database generated with
//   BENCH_LEADS=100000 BENCH_BRANDS=2000 (the generator is seeded: the same data but for the ids).
// A script, not a test: budgets are flagged, never enforced. Run `npm run build` first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { leadSums, putBack } from './baseline/bench-data';
import { type Measure, measure } from './baseline/measure';
import { baselineScenarios, type Scenario } from './baseline/scenarios';
import { generateLeads } from './lead-generator';
import { type BenchSession, signInBench } from './support/bench-account';
import { prepareAccountAndCatalogue } from './support/bench-catalogue';
import { type StartedServer, startServer } from './support/bench-server';
import { writeResults } from './support/results';
import { benchSettings, numberFrom } from './support/settings';

const LEADS = numberFrom('BENCH_EMBEDDED_LEADS', 100_000);
const BRANDS = numberFrom('BENCH_EMBEDDED_BRANDS', 2_000);
const PG_URL = process.env.BENCH_EMBEDDED_PG_URL ?? '';
const START_BUDGET_MS = 5_000;
const ONE_CLIENT_P99_BUDGET_MS = 10;
const REOPENS = 3;

type Line = { what: string; figure: string; budget?: string; within?: boolean | null };
const lines: Line[] = [];
const report = (line: Line) => {
  lines.push(line);
  const verdict = line.within === undefined || line.within === null ? '' : line.within ? 'within' : 'MISSES';
  console.log(
    `  ${line.what.padEnd(58)} ${line.figure.padEnd(30)} ${(line.budget ?? '').padEnd(12)} ${verdict}`,
  );
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A fresh data folder: migrated and given the account and catalogue by the server, then filled in-process. */
async function fillDataFolder(dataDir: string): Promise<void> {
  const first = await startServer({ dataDir });
  report({
    what: 'first start on an empty data folder (migrations included)',
    figure: seconds(first.startedInMs),
    budget: '≤ 5 s',
    within: first.startedInMs <= START_BUDGET_MS,
  });
  try {
    await prepareAccountAndCatalogue(first.baseUrl);
  } finally {
    await first.stop();
  }
  // The API's PGlite, opened the way apps/api/src/db/client.ts opens it (pg_trgm loaded).
  const db = await PGlite.create(join(dataDir, 'db'), { extensions: { pg_trgm } });
  try {
    console.log(
      `Generating ${BRANDS.toLocaleString('en')} brands and ${LEADS.toLocaleString('en')} leads in PGlite`,
    );
    await generateLeads({ query: (text) => db.exec(text) }, { brands: BRANDS, leads: LEADS });
  } finally {
    await db.close();
  }
}

/** The first start on the filled folder, then REOPENS stops and starts; answers the server left running. */
async function measureStarts(dataDir: string): Promise<StartedServer> {
  let server = await startServer({ dataDir });
  report({
    what: `first start on the filled folder (${LEADS.toLocaleString('en')} leads)`,
    figure: seconds(server.startedInMs),
    budget: '≤ 5 s',
    within: server.startedInMs <= START_BUDGET_MS,
  });
  const reopens: number[] = [];
  for (let reopen = 0; reopen < REOPENS; reopen += 1) {
    await server.stop();
    server = await startServer({ dataDir });
    reopens.push(server.startedInMs);
  }
  const sorted = [...reopens].sort((a, b) => a - b);
  const worst = sorted.at(-1) ?? 0;
  report({
    what: `reopen after a clean stop, ${REOPENS} times (median, worst)`,
    figure: `${seconds(sorted[Math.floor(sorted.length / 2)] ?? 0)}, ${seconds(worst)}`,
    budget: '≤ 5 s',
    within: worst <= START_BUDGET_MS,
  });
  return server;
}

type Measured = { scenario: Scenario; result: Measure };

async function measureScenarios(
  baseUrl: string,
  session: BenchSession,
  scenarios: Scenario[],
): Promise<Measured[]> {
  const results: Measured[] = [];
  for (const scenario of scenarios) {
    results.push({ scenario, result: await measure(baseUrl, scenario, session.token) });
  }
  return results;
}

/** The same scenarios on PostgreSQL at the same size (ids differ: gen_random_uuid), what they wrote put back. */
async function onPostgres(): Promise<Measured[] | undefined> {
  if (!PG_URL) return undefined;
  const server = await startServer({ databaseUrl: PG_URL });
  try {
    const session = await signInBench(server.baseUrl);
    const scenarios = await baselineScenarios(server.baseUrl, session);
    const updated = scenarios.find((scenario) => scenario.key === 'update');
    const before = await leadSums(PG_URL, updated?.path.split('/').at(-1) ?? '');
    const results = await measureScenarios(server.baseUrl, session, scenarios);
    console.log(await putBack(PG_URL, before));
    return results;
  } finally {
    await server.stop();
  }
}

function printSideBySide(embedded: Measured[], postgres: Measured[] | undefined): void {
  const { connections } = benchSettings;
  console.log(
    `\nscenarios, ${connections} clients: embedded (E) at ${LEADS.toLocaleString('en')} leads` +
      (postgres
        ? ' beside PostgreSQL (P) at the same size'
        : ' (set BENCH_EMBEDDED_PG_URL for PostgreSQL beside it)'),
  );
  console.log(
    `${'scenario'.padEnd(38)}${'req/s E'.padStart(9)}${'p50 E'.padStart(7)}${'p99 E'.padStart(7)}${'err'.padStart(5)}` +
      (postgres
        ? `${'req/s P'.padStart(9)}${'p50 P'.padStart(7)}${'p99 P'.padStart(7)}${'err'.padStart(5)}  E÷P req/s, p99`
        : ''),
  );
  for (const { scenario, result } of embedded) {
    const other = postgres?.find((candidate) => candidate.scenario.key === scenario.key)?.result;
    const e = `${result.rps.toFixed(0).padStart(9)}${String(result.p50).padStart(7)}${String(result.p99).padStart(7)}${String(result.errors).padStart(5)}`;
    const p = other
      ? `${other.rps.toFixed(0).padStart(9)}${String(other.p50).padStart(7)}${String(other.p99).padStart(7)}${String(other.errors).padStart(5)}` +
        `  ${(result.rps / other.rps).toFixed(2)}, ${(result.p99 / Math.max(other.p99, 1)).toFixed(2)}`
      : '';
    console.log(`${scenario.name.padEnd(38)}${e}${p}`);
    lines.push({
      what: `${scenario.name}: req/s, p99${other ? ' (÷ PostgreSQL)' : ''}`,
      figure:
        `${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, errors ${result.errors}` +
        (other
          ? ` (${(result.rps / other.rps).toFixed(2)}, ${(result.p99 / Math.max(other.p99, 1)).toFixed(2)})`
          : ''),
      within: result.errors === 0 ? null : false,
    });
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'funil-embedded-bench-'));
  console.log(`Funil on the embedded database (${dataDir})\n`);
  try {
    await fillDataFolder(dataDir);
    const server = await measureStarts(dataDir);
    try {
      const session = await signInBench(server.baseUrl);
      const scenarios = await baselineScenarios(server.baseUrl, session);
      const byId = scenarios.find((scenario) => scenario.key === 'lead') as Scenario;
      const oneClient = await measure(server.baseUrl, byId, session.token, 1);
      report({
        what: 'lead by id, one client: p99',
        figure: `${oneClient.p99} ms (p50 ${oneClient.p50} ms, ${oneClient.rps.toFixed(0)} req/s)`,
        budget: '≤ 10 ms',
        within: oneClient.p99 <= ONE_CLIENT_P99_BUDGET_MS && oneClient.errors === 0,
      });
      const embedded = await measureScenarios(server.baseUrl, session, scenarios);
      await server.stop();
      const postgres = await onPostgres();
      printSideBySide(embedded, postgres);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  writeResults('embedded', { leads: LEADS, lines });
}

await main();
