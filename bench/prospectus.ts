// The prospectus and its quota inventory on the pipeline's database (BENCH_DATABASE_URL, filled by
// generate-leads.ts; generated here when empty), through the built API:
// 1. the lead reads the web makes most (the board's first pages, the list's first page, a lead by
//    id) under load with no offering at all, then again with BENCH_OFFERINGS (2,000) offerings,
//    created set-based in SQL (timed), every lead now carrying its stock;
// 2. the prospectus screen's reads: its grid's first page, the whole year page after page as the
//    screen loads it, and the year's summary; EXPLAIN (ANALYZE, BUFFERS) of the statements behind
//    them and of the lead page's stock subquery, captured on the wire;
// 3. the race: for BENCH_RACE_OFFERINGS (20) national offerings with 5 units left each, 10 leads of
//    each moved into fechado by as many concurrent PATCHes, all at once; then the stock checked,
//    also against a recount straight from the leads (nothing oversold).
// The race's leads are deleted and the offerings too at the end, so the database is left as the
// generator made it for the other steps. A script, not a test: budgets are flagged, never enforced.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signInBench } from './support/bench-account';
import {
  analyzeOfferings,
  checkRace,
  createOfferings,
  databaseQuiet,
  deleteOfferings,
  outboxDrained,
  prepareRace,
  type RaceCheck,
  removeRaceLeads,
  sampleLeadId,
} from './support/bench-prospectus';
import { countLeads, requireBenchDatabaseUrl, withBenchClient } from './support/bench-database';
import { startBenchServer } from './support/bench-server';
import { burst, percentile } from './support/burst';
import { explainStatement, explainSubPlans, type SubPlanFigures } from './support/explain';
import { type LoadResult, type LoadScenario, measureLoad } from './support/measure-load';
import { resultsDir, writeResults } from './support/results';
import { benchSettings, numberFrom } from './support/settings';
import { startSqlCapture } from './support/sql-capture';

/** The prospectus year the screen shows and the race plays in. */
const YEAR = 2027;
/** As the web asks: the board's first page per column, the list's page, the grid's largest page. */
const BOARD_FIRST_PAGE = 20;
const LIST_PAGE = 50;
const GRID_PAGE = 100;
/** The screen reads the rest of a year's pages this many at a time. */
const YEAR_PAGE_CONCURRENCY = 4;
const YEAR_PAGING_RUNS = 5;
/** p99 budget of the grid's page and of the summary at BENCH_CONNECTIONS clients. */
export const PROSPECTUS_P99_BUDGET_MS = 100;

const OFFERINGS = numberFrom('BENCH_OFFERINGS', 2000);
const RACE_OFFERINGS = numberFrom('BENCH_RACE_OFFERINGS', 20);
const RACE_LEADS_EACH = 10;
const RACE_AVAILABLE = 5;
/** How long one EXPLAIN ANALYZE may run, and PostgreSQL's code for a statement cancelled by it. */
const EXPLAIN_TIMEOUT_MS = 120_000;
const QUERY_CANCELED = '57014';

/** The grid's query as the screen sends it: a year, oldest first, so pages stay put while read. */
const gridQuery = (page: number) =>
  `prospectus_year=${YEAR}&limit=${GRID_PAGE}&page=${page}&sort=createdAt&order=asc`;

const leadScenarios = (leadId: string): LoadScenario[] => [
  { name: 'board (first pages of 20)', path: `/api/leads/board?limit=${BOARD_FIRST_PAGE}` },
  { name: `list, first page (${LIST_PAGE})`, path: `/api/leads?limit=${LIST_PAGE}` },
  { name: 'lead by id', path: `/api/leads/${leadId}` },
];

const prospectusScenarios: LoadScenario[] = [
  {
    name: `grid, first page (${YEAR}, ${GRID_PAGE})`,
    path: `/api/offerings?${gridQuery(1)}`,
    budgetMs: PROSPECTUS_P99_BUDGET_MS,
  },
  {
    name: `summary (${YEAR})`,
    path: `/api/offerings/summary?prospectus_year=${YEAR}`,
    budgetMs: PROSPECTUS_P99_BUDGET_MS,
  },
];

async function getJson<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** How many stock rows the lead's answer carries: none without offerings, some with. */
const stockRowsOf = async (baseUrl: string, token: string, leadId: string) =>
  (await getJson<{ stock: unknown[] }>(baseUrl, token, `/api/leads/${leadId}`)).stock.length;

export type YearPaging = { pages: number; offerings: number; medianMs: number; runsMs: number[] };

/** The screen's load of a whole year: the first page, then the others YEAR_PAGE_CONCURRENCY at a time. */
async function pageThroughYear(baseUrl: string, token: string): Promise<YearPaging> {
  type Page = { data: unknown[]; total: number };
  const runsMs: number[] = [];
  let pages = 0;
  let offerings = 0;
  for (let run = 0; run < YEAR_PAGING_RUNS; run += 1) {
    const started = performance.now();
    const first = await getJson<Page>(baseUrl, token, `/api/offerings?${gridQuery(1)}`);
    const pageCount = Math.ceil(first.total / GRID_PAGE);
    let read = first.data.length;
    for (let next = 2; next <= pageCount; next += YEAR_PAGE_CONCURRENCY) {
      const numbers = Array.from(
        { length: Math.min(YEAR_PAGE_CONCURRENCY, pageCount - next + 1) },
        (_, index) => next + index,
      );
      const more = await Promise.all(
        numbers.map((page) => getJson<Page>(baseUrl, token, `/api/offerings?${gridQuery(page)}`)),
      );
      read += more.reduce((sum, page) => sum + page.data.length, 0);
    }
    runsMs.push(performance.now() - started);
    pages = pageCount;
    offerings = read;
  }
  return { pages, offerings, medianMs: percentile(runsMs, 0.5), runsMs };
}

export type ExplainFigure = {
  request: string;
  statement: string;
  executionMs: number;
  buffers: number;
  seqScans: string[];
  scans: string[];
  /** Cancelled after EXPLAIN_TIMEOUT_MS (its executionMs): no plan. */
  timedOut?: boolean;
  /** The stock subquery of a lead page's statement, when it has one. */
  stock?: SubPlanFigures[];
};

/** A word or two on what a captured statement is, for the table. */
const statementLabel = (text: string) => {
  const lowered = text.toLowerCase();
  if (lowered.startsWith('with active')) return 'summary';
  if (lowered.startsWith('select count(')) return 'count';
  if (lowered.includes('"offering_stock"') && lowered.includes('from "leads"')) return 'page with stock';
  return 'page';
};

/**
 * One request of each kind through a server whose connections run through the SQL capture; each
 * statement that reads the offerings is explained with its own parameters, and a lead page's also
 * for its stock subquery alone.
 */
async function explainProspectus(databaseUrl: string, leadId: string): Promise<ExplainFigure[]> {
  const requests = [
    { name: `lead list, first page (${LIST_PAGE})`, path: `/api/leads?limit=${LIST_PAGE}` },
    { name: 'lead by id', path: `/api/leads/${leadId}` },
    ...prospectusScenarios.map(({ name, path }) => ({ name, path })),
  ];
  const capture = await startSqlCapture(databaseUrl);
  const server = await startBenchServer(capture.databaseUrl);
  const captured: { request: string; statements: typeof capture.statements }[] = [];
  try {
    const { token } = await signInBench(server.baseUrl);
    for (const request of requests) {
      const before = capture.statements.length;
      await getJson(server.baseUrl, token, request.path);
      const statements = capture.statements
        .slice(before)
        .filter((statement) => /"offerings"|"offering_stock"/.test(statement.text));
      captured.push({ request: request.name, statements });
    }
  } finally {
    await server.stop();
    await capture.close();
  }

  mkdirSync(resultsDir, { recursive: true });
  const figures: ExplainFigure[] = [];
  await withBenchClient(databaseUrl, async (client) => {
    // As the server's own connections run them.
    await client.query('set jit = off');
    // A statement that runs away is cut, and said so, rather than holding the step for its 4 runs.
    await client.query(`set statement_timeout = ${EXPLAIN_TIMEOUT_MS}`);
    for (const { request, statements } of captured) {
      for (const [index, statement] of statements.entries()) {
        const label = statementLabel(statement.text);
        const plan = await explainStatement(client, statement).catch((error: unknown) => {
          if ((error as { code?: string }).code === QUERY_CANCELED) return undefined;
          throw error;
        });
        if (!plan) {
          figures.push({
            request,
            statement: label,
            executionMs: EXPLAIN_TIMEOUT_MS,
            timedOut: true,
            buffers: 0,
            seqScans: [],
            scans: [],
          });
          continue;
        }
        const stock =
          label === 'page with stock' ? await explainSubPlans(client, statement, 'offerings') : undefined;
        figures.push({
          request,
          statement: label,
          executionMs: plan.executionMs,
          buffers: plan.buffers,
          seqScans: plan.seqScans,
          scans: plan.scans,
          ...(stock ? { stock } : {}),
        });
        const file =
          `explain-prospectus-${request.replace(/[^a-z0-9]+/gi, '-')}-${index + 1}.txt`.toLowerCase();
        writeFileSync(
          join(resultsDir, file),
          `-- ${request}: ${label}\n${statement.text}\n-- params: ${JSON.stringify(statement.params)}\n\n${plan.text}\n`,
        );
      }
    }
  });
  return figures;
}

function printExplain(figures: ExplainFigure[]): void {
  console.log('\nEXPLAIN (ANALYZE, BUFFERS) of the statements that read the offerings (median of 3)\n');
  console.log(
    'request'.padEnd(34),
    'statement'.padEnd(16),
    'exec ms'.padStart(8),
    'buffers'.padStart(8),
    '  scans',
  );
  for (const figure of figures) {
    console.log(
      figure.request.padEnd(34),
      figure.statement.padEnd(16),
      `${figure.timedOut ? '>' : ''}${figure.executionMs.toFixed(1)}`.padStart(8),
      String(figure.buffers).padStart(8),
      ` ${figure.scans.join('; ')}${figure.seqScans.length ? ` (SEQ SCAN of ${figure.seqScans.join(', ')})` : ''}`,
    );
    for (const sub of figure.stock ?? []) {
      console.log(
        `${''.padEnd(34)} ${'└ stock'.padEnd(16)} ${sub.totalMs.toFixed(1).padStart(8)} ${String(sub.buffers).padStart(8)}  ` +
          `${sub.name}: ${sub.loops} runs, ${(sub.totalMs / Math.max(sub.loops, 1)).toFixed(3)} ms each`,
      );
    }
  }
  console.log(`\n(plans and statements in ${resultsDir}/explain-prospectus-*.txt)`);
}

export type RaceResult = {
  offerings: number;
  leadsEach: number;
  available: number;
  requests: number;
  wallMs: number;
  movesPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  conflicts: number;
  /** 409s whose message names the sold-out offering: "Cota esgotada: …". */
  soldOutMessages: number;
  serverErrors: number;
  other: number;
  /** How many answers of each status. */
  byStatus: Record<string, number>;
  sampleMessage: string;
  check: RaceCheck;
};

/**
 * RACE_LEADS_EACH leads of each of RACE_OFFERINGS offerings with RACE_AVAILABLE units left, every
 * one moved into fechado at once; then the stock checked and the leads deleted.
 */
async function race(baseUrl: string, token: string, databaseUrl: string): Promise<RaceResult> {
  const setup = await withBenchClient(databaseUrl, (client) =>
    prepareRace(client, {
      year: YEAR,
      offerings: RACE_OFFERINGS,
      leadsEach: RACE_LEADS_EACH,
      available: RACE_AVAILABLE,
    }),
  );
  try {
    const result = await burst(
      baseUrl,
      token,
      setup.leadIds.map((id) => ({
        method: 'PATCH',
        path: `/api/leads/${id}`,
        body: { contract_status: 'fechado' },
      })),
    );
    const check = await withBenchClient(databaseUrl, (client) =>
      checkRace(client, setup.offeringIds, RACE_AVAILABLE),
    );
    const { answers } = result;
    const conflicts = answers.filter((answer) => answer.status === 409);
    const messageOf = (body: string) => {
      try {
        return String((JSON.parse(body) as { message?: unknown }).message ?? body);
      } catch {
        return body;
      }
    };
    const latencies = answers.map((answer) => answer.ms);
    return {
      offerings: setup.offeringIds.length,
      leadsEach: RACE_LEADS_EACH,
      available: RACE_AVAILABLE,
      requests: answers.length,
      wallMs: result.wallMs,
      movesPerSecond: answers.length / (result.wallMs / 1000),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      ok: answers.filter((answer) => answer.status === 200).length,
      conflicts: conflicts.length,
      soldOutMessages: conflicts.filter((answer) => messageOf(answer.body).startsWith('Cota esgotada: '))
        .length,
      serverErrors: answers.filter((answer) => answer.status >= 500).length,
      other: answers.filter((answer) => ![200, 409].includes(answer.status) && answer.status < 500).length,
      byStatus: Object.fromEntries(
        [...new Set(answers.map((answer) => answer.status))]
          .sort((a, b) => a - b)
          .map((status) => [String(status), answers.filter((answer) => answer.status === status).length]),
      ),
      sampleMessage: conflicts[0] ? messageOf(conflicts[0].body) : '',
      check,
    };
  } finally {
    await withBenchClient(databaseUrl, (client) => removeRaceLeads(client, setup.leadIds));
  }
}

function printRace(race: RaceResult): void {
  const expectedOk = race.offerings * race.available;
  const { check } = race;
  console.log(
    `\nThe race: ${race.requests} PATCH {contract_status: "fechado"} at once, ${race.leadsEach} leads on each of ` +
      `${race.offerings} national offerings with ${race.available} units left (expected ${expectedOk} × 200, ` +
      `${race.requests - expectedOk} × 409)\n` +
      `  ${race.movesPerSecond.toFixed(0)} moves/s (${race.requests} in ${race.wallMs.toFixed(0)} ms), ` +
      `p50 ${race.p50.toFixed(0)} ms, p99 ${race.p99.toFixed(0)} ms\n` +
      `  200: ${race.ok}   409: ${race.conflicts} ("Cota esgotada: …" ${race.soldOutMessages}, e.g. "${race.sampleMessage}")   ` +
      `5xx: ${race.serverErrors}   other: ${race.other}   (by status: ${JSON.stringify(race.byStatus)})\n` +
      `  oversold offerings: ${check.oversold} (whole prospectus, from the stock); recounted from the leads: ` +
      `${check.oversoldRecounted} of ${race.offerings}; stock = recount: ${check.stockMatchesRecount} of ` +
      `${race.offerings}; offerings filled to exactly ${race.available}: ${check.filledExactly} of ${race.offerings} ` +
      `(${check.moved} leads moved)`,
  );
}

export type ProspectusResults = {
  leads: number;
  connections: number;
  seconds: number;
  offerings: { national: number; regional: number; createMs: number; deletedBefore: number };
  leadStockRows: { without: number; with: number };
  without: LoadResult[];
  with: LoadResult[];
  prospectus: LoadResult[];
  yearPaging: YearPaging;
  explain: ExplainFigure[];
  race: RaceResult;
};

/** An empty bench database is generated first, as the pipeline step does. */
function generateWhenEmpty(leads: number): void {
  if (leads > 0) return;
  const result = spawnSync('npm', ['run', 'bench:generate'], { cwd: import.meta.dirname, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main(): Promise<void> {
  if (process.argv.includes('--if-configured') && !process.env.BENCH_DATABASE_URL) {
    console.log('\nprospectus benchmark skipped: set BENCH_DATABASE_URL (the pipeline database)');
    return;
  }
  const databaseUrl = requireBenchDatabaseUrl();
  generateWhenEmpty(await withBenchClient(databaseUrl, countLeads));
  const leads = await withBenchClient(databaseUrl, countLeads);
  console.log(`Funil prospectus benchmark on ${leads.toLocaleString('en')} leads`);

  const { leadId, deletedBefore } = await withBenchClient(databaseUrl, async (client) => {
    await removeRaceLeads(client);
    return { leadId: await sampleLeadId(client), deletedBefore: await deleteOfferings(client) };
  });
  try {
    const results = await measure(databaseUrl, leads, leadId, deletedBefore);
    const explain = await explainProspectus(databaseUrl, leadId);
    printExplain(explain);
    writeResults('prospectus', { ...results, explain });
  } finally {
    const deleted = await withBenchClient(databaseUrl, deleteOfferings);
    console.log(`\nput back: the race's leads and the ${deleted} offerings deleted`);
  }
}

/** Everything measured through one server: without offerings, their creation, with them, the race. */
async function measure(
  databaseUrl: string,
  leads: number,
  leadId: string,
  deletedBefore: number,
): Promise<Omit<ProspectusResults, 'explain'>> {
  const server = await startBenchServer(databaseUrl);
  try {
    const { token } = await signInBench(server.baseUrl);
    const stockWithout = await stockRowsOf(server.baseUrl, token, leadId);
    console.log(
      `\nWithout offerings (${deletedBefore} deleted first); the lead read carries ${stockWithout} stock rows`,
    );
    const without = await measureLoad(server.baseUrl, leadScenarios(leadId), token);

    const created = await withBenchClient(databaseUrl, async (client) => {
      const made = await createOfferings(client, OFFERINGS);
      await analyzeOfferings(client);
      await outboxDrained(client);
      return made;
    });
    const stockWith = await stockRowsOf(server.baseUrl, token, leadId);
    console.log(
      `\n${(created.national + created.regional).toLocaleString('en')} offerings created in one statement ` +
        `(${created.national} national, ${created.regional} of a praça): ${created.ms.toFixed(0)} ms; ` +
        `the lead read now carries ${stockWith} stock rows`,
    );
    const withOfferings = await measureLoad(server.baseUrl, leadScenarios(leadId), token);
    const prospectus = await measureLoad(server.baseUrl, prospectusScenarios, token);
    await withBenchClient(databaseUrl, (client) => databaseQuiet(client));
    const yearPaging = await pageThroughYear(server.baseUrl, token);
    console.log(
      `\nThe whole of ${YEAR} as the screen reads it (${yearPaging.offerings} offerings, ${yearPaging.pages} pages ` +
        `of ${GRID_PAGE}, ${YEAR_PAGE_CONCURRENCY} at a time): median ${yearPaging.medianMs.toFixed(0)} ms of ` +
        `${YEAR_PAGING_RUNS} (${yearPaging.runsMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
    );
    await withBenchClient(databaseUrl, (client) => databaseQuiet(client));
    const raced = await race(server.baseUrl, token, databaseUrl);
    printRace(raced);
    return {
      leads,
      connections: benchSettings.connections,
      seconds: benchSettings.seconds,
      offerings: {
        national: created.national,
        regional: created.regional,
        createMs: created.ms,
        deletedBefore,
      },
      leadStockRows: { without: stockWithout, with: stockWith },
      without,
      with: withOfferings,
      prospectus,
      yearPaging,
      race: raced,
    };
  } finally {
    await server.stop();
  }
}

await main();
