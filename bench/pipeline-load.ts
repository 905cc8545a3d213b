// The pipeline's API under load, on the PostgreSQL database generate-leads.ts filled
// (BENCH_DATABASE_URL): autocannon with BENCH_CONNECTIONS clients (10) for BENCH_SECONDS (10) per
// scenario, signed in as the bench account; then EXPLAIN (ANALYZE, BUFFERS) of the very statements
// each scenario runs, captured on the wire. A script, not a test: budgets are flagged, never enforced.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signInBench } from './support/bench-account';
import { countLeads, requireBenchDatabaseUrl, withBenchClient } from './support/bench-database';
import { startBenchServer } from './support/bench-server';
import {
  explainStatement,
  isDataStatement,
  LARGE_TABLES,
  STATEMENT_BUDGET_MS,
  statementKind,
} from './support/explain';
import { type LoadResult, type LoadScenario, measureLoad } from './support/measure-load';
import { resultsDir, writeResults } from './support/results';
import { startSqlCapture } from './support/sql-capture';
import { benchSettings } from './support/settings';

/** How deep the column page is: pages of 50 followed by cursor, as the board scrolls a column. */
const DEEP_PAGES = 100;
const PAGE = 50;
/** The filters of the filtered scenarios: the board's most used ones. */
const FILTERS = 'prospectus_year=2027&franchise=Recife';
/** A filter naming two franchises: the per-franchise totals cannot answer it (a lead may be in both). */
const TWO_FRANCHISES = 'prospectus_year=2027&franchise=Recife&franchise=Salvador';
/** p99 budget of the list, a column page and the summary at 10 clients. */
const P99_BUDGET_MS = 20;
/** p99 budget of a year's pipeline report at 10 clients. */
const REPORT_P99_BUDGET_MS = 100;
/** A year of the report, in the team's time zone. */
const REPORT_YEAR = 'from=2026-01-01&to=2026-12-31&tz=America/Sao_Paulo';

type Scenario = LoadScenario;

/** Follows a column's `next_cursor` `pages` times and answers the cursor of the page after them. */
async function deepCursor(baseUrl: string, token: string, status: string, pages: number): Promise<string> {
  let cursor = '';
  for (let page = 0; page < pages; page += 1) {
    const query = `contract_status=${status}&limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await fetch(`${baseUrl}/api/leads?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { next_cursor: string | null };
    if (!body.next_cursor) throw new Error(`the ${status} column ends before page ${page + 1}`);
    cursor = body.next_cursor;
  }
  return cursor;
}

async function scenariosFor(baseUrl: string, token: string): Promise<Scenario[]> {
  const cursor = await deepCursor(baseUrl, token, 'frio', DEEP_PAGES);
  return [
    { name: 'list, first page (50)', path: `/api/leads?limit=${PAGE}`, budgetMs: P99_BUDGET_MS },
    {
      name: `column page ${DEEP_PAGES + 1} (frio, cursor)`,
      path: `/api/leads?contract_status=frio&limit=${PAGE}&cursor=${cursor}`,
      budgetMs: P99_BUDGET_MS,
    },
    { name: 'summary', path: '/api/leads/summary', budgetMs: P99_BUDGET_MS },
    { name: 'summary, year + franchise', path: `/api/leads/summary?${FILTERS}`, budgetMs: P99_BUDGET_MS },
    { name: 'summary, two franchises', path: `/api/leads/summary?${TWO_FRANCHISES}` },
    { name: 'board', path: '/api/leads/board' },
    { name: 'board, year + franchise', path: `/api/leads/board?${FILTERS}` },
    {
      name: 'column page, filtered (morno)',
      path: `/api/leads?contract_status=morno&${FILTERS}&limit=${PAGE}`,
      budgetMs: P99_BUDGET_MS,
    },
    { name: 'list, brand search "Visão"', path: `/api/leads?search=Vis%C3%A3o&limit=${PAGE}` },
    { name: 'list, assessment "JAN/2027"', path: `/api/leads?assessment=JAN%2F2027&limit=${PAGE}` },
    { name: 'brands, search "Visão"', path: '/api/brands?search=Vis%C3%A3o' },
    { name: 'brands, search "zz"', path: '/api/brands?search=zz' },
    { name: 'summary, stale only', path: '/api/leads/summary?stale=true', budgetMs: P99_BUDGET_MS },
    { name: 'board, stale only', path: '/api/leads/board?stale=true' },
    {
      name: 'report, a year by month',
      path: `/api/reports/pipeline?${REPORT_YEAR}&group_by=month`,
      budgetMs: REPORT_P99_BUDGET_MS,
    },
    {
      name: 'report, a year by executive',
      path: `/api/reports/pipeline?${REPORT_YEAR}&group_by=executive`,
      budgetMs: REPORT_P99_BUDGET_MS,
    },
  ];
}

export type { LoadResult } from './support/measure-load';

export type ExplainResult = {
  scenario: string;
  statement: string;
  seqScans: string[];
  executionMs: number;
  buffers: number;
  scans: string[];
  withinBudget: boolean;
};

/**
 * One request per scenario through a server whose database connection runs through the SQL
 * capture; each statement it sent on the pipeline's or the brands' tables is explained with its
 * own parameters.
 */
async function explainScenarios(databaseUrl: string, scenarios: Scenario[]): Promise<ExplainResult[]> {
  const capture = await startSqlCapture(databaseUrl);
  const server = await startBenchServer(capture.databaseUrl);
  const captured: { scenario: string; statements: typeof capture.statements }[] = [];
  try {
    const { token } = await signInBench(server.baseUrl);
    for (const scenario of scenarios) {
      const before = capture.statements.length;
      const response = await fetch(server.baseUrl + scenario.path, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`${scenario.path}: ${response.status}`);
      const statements = capture.statements
        .slice(before)
        .filter((statement) => isDataStatement(statement.text));
      captured.push({ scenario: scenario.name, statements });
    }
  } finally {
    await server.stop();
    await capture.close();
  }

  mkdirSync(resultsDir, { recursive: true });
  console.log(
    `\nEXPLAIN (ANALYZE, BUFFERS) of every statement each scenario runs (median of 3; budget: no ` +
      `sequential scan of ${LARGE_TABLES.join(', ')}; ≤ ${STATEMENT_BUDGET_MS} ms)\n`,
  );
  console.log(
    'scenario'.padEnd(34),
    'statement'.padEnd(36),
    'seq scan'.padEnd(10),
    'exec ms'.padStart(8),
    'buffers'.padStart(8),
    '  verdict',
  );
  const results: ExplainResult[] = [];
  await withBenchClient(databaseUrl, async (client) => {
    // As the server's own connections run them.
    await client.query('set jit = off');
    for (const { scenario, statements } of captured) {
      for (const [index, statement] of statements.entries()) {
        const plan = await explainStatement(client, statement);
        const kind = statementKind(statement.text);
        const withinBudget = plan.seqScans.length === 0 && plan.executionMs <= STATEMENT_BUDGET_MS;
        results.push({ scenario, statement: kind, ...plan, withinBudget });
        console.log(
          scenario.padEnd(34),
          kind.padEnd(36),
          (plan.seqScans.join(', ') || 'no').padEnd(10),
          plan.executionMs.toFixed(1).padStart(8),
          String(plan.buffers).padStart(8),
          `  ${withinBudget ? 'within' : 'OVER'}`,
        );
        const file = `explain-${scenario.replace(/[^a-z0-9]+/gi, '-')}-${index + 1}.txt`.toLowerCase();
        writeFileSync(
          join(resultsDir, file),
          `-- ${scenario}: ${kind}\n${statement.text}\n-- params: ${JSON.stringify(statement.params)}\n\n${plan.text}\n`,
        );
      }
    }
  });
  console.log(`\n(plans and statements in ${resultsDir}/explain-*.txt)`);
  return results;
}

async function main(): Promise<void> {
  const databaseUrl = requireBenchDatabaseUrl();
  const leads = await withBenchClient(databaseUrl, countLeads);
  console.log(`Funil pipeline API benchmark on ${leads.toLocaleString('en')} leads`);
  const server = await startBenchServer(databaseUrl);
  let scenarios: Scenario[];
  let load: LoadResult[];
  try {
    const { token } = await signInBench(server.baseUrl);
    scenarios = await scenariosFor(server.baseUrl, token);
    load = await measureLoad(server.baseUrl, scenarios, token);
  } finally {
    await server.stop();
  }
  const explain = await explainScenarios(databaseUrl, scenarios);
  writeResults('pipeline', { leads, connections: benchSettings.connections, load, explain });
}

await main();
