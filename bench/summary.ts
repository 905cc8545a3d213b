// The last step of `npm run bench`: one table of every figure the benchmarks left in bench/results
// (this run's or, for a step that was skipped, an earlier run's — each area says when it was
// measured), beside its budget and a verdict. A script, not a test: nothing fails.
import { execSync } from 'node:child_process';
import type { ByteCheck } from './baseline/byte-check';
import type { Row as BaselineRow } from './baseline/table';
import type { BoardFigure } from './board-paint';
import type { FanOutResult, MemoryResult } from './live-events';
import type { ExplainResult, LoadResult } from './pipeline-load';
import type { ProspectusResults } from './prospectus';
import type { EXPORT_BUDGET, ExportFigure } from './spreadsheet-export';
import { readResults } from './support/results';

type Line = { area: string; what: string; figure: string; budget: string; within: boolean | null };

const lines: Line[] = [];
const add = (
  area: string,
  what: string,
  figure: string,
  budget = '',
  within: boolean | null = null,
): void => {
  lines.push({ area, what, figure, budget, within });
};
const ms = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)} ms`;
const thousands = (value: number) => Math.round(value).toLocaleString('en');

/** Absolute budgets of the API scenarios at 1M leads and 10 clients. */
const ABSOLUTE: Record<string, { rps: number; p99?: number }> = {
  lead: { rps: 4000, p99: 10 },
  page: { rps: 500 },
};
const RPS_RATIO = 0.9;
const P99_RATIO = 1.2;
const SIZE_RATIO = 1.5;

type BaselineResults = {
  leads: number;
  connections: number;
  rounds?: number;
  logs?: string;
  bytes?: ByteCheck[];
  on: BaselineRow[];
  off: BaselineRow[];
};

function apiLines(): void {
  const large = readResults<BaselineResults>('baseline');
  if (!large) return add('API', 'Funil against the baseline', 'not measured (set BENCH_DATABASE_URL)');
  const rounds = large.rounds ? `, ${large.rounds} rounds alternated, medians` : '';
  const area = `API, ${thousands(large.leads)} leads, ${large.connections} clients${rounds} (${large.at.slice(0, 16)})`;
  if (large.logs) add(area, 'logging', large.logs);
  if (large.bytes) {
    const equal = large.bytes.filter((check) => check.equal).length;
    add(
      area,
      'answers byte for byte, Funil vs baseline',
      `${equal} of ${large.bytes.length} equal`,
      'all',
      equal === large.bytes.length,
    );
  }
  for (const row of large.on) {
    const { funil, baseline } = row;
    const absolute = ABSOLUTE[row.key];
    if (absolute) {
      const p99 = absolute.p99;
      add(
        area,
        `${row.scenario}: req/s, p99`,
        `${thousands(funil.rps)} req/s, p99 ${ms(funil.p99)}`,
        `≥ ${thousands(absolute.rps)}${p99 === undefined ? '' : `, ≤ ${ms(p99)}`}`,
        funil.rps >= absolute.rps && (p99 === undefined || funil.p99 <= p99),
      );
    }
    // Rows of an earlier run, before the rounds, carry no ratios of their own.
    const rpsRatio = row.rpsRatio ?? funil.rps / baseline.rps;
    const p99Ratio = row.p99Ratio ?? funil.p99 / Math.max(baseline.p99, 1);
    add(
      area,
      `${row.scenario}: ÷ baseline (req/s, p99)`,
      `${rpsRatio.toFixed(2)}, ${p99Ratio.toFixed(2)} (${thousands(funil.rps)} vs ${thousands(baseline.rps)} req/s; errors ${funil.errors})`,
      `≥ ${RPS_RATIO}, ≤ ${P99_RATIO}`,
      rpsRatio >= RPS_RATIO && p99Ratio <= P99_RATIO && funil.errors === 0,
    );
  }
  const small = readResults<Omit<BaselineResults, 'off'>>('baseline-small');
  if (!small) return;
  for (const row of large.on.filter((candidate) =>
    ['page', 'column', 'summary', 'brands'].includes(candidate.key),
  )) {
    const other = small.on.find((candidate) => candidate.key === row.key);
    if (!other) continue;
    const ratio = row.funil.p99 / Math.max(other.funil.p99, 1);
    add(
      area,
      `${row.scenario}: p99 at ${thousands(large.leads)} ÷ at ${thousands(small.leads)}`,
      `${ratio.toFixed(2)} (${ms(row.funil.p99)} / ${ms(other.funil.p99)})`,
      `≤ ${SIZE_RATIO}`,
      ratio <= SIZE_RATIO,
    );
  }
}

type PipelineResults = { leads: number; connections: number; load: LoadResult[]; explain: ExplainResult[] };

function pipelineLines(): void {
  const pipeline = readResults<PipelineResults>('pipeline');
  if (!pipeline) return;
  const area = `Pipeline, ${thousands(pipeline.leads)} leads (${pipeline.at.slice(0, 16)})`;
  for (const row of pipeline.load) {
    add(
      area,
      `${row.name}: req/s, p99`,
      `${thousands(row.rps)} req/s, p99 ${ms(row.p99)}, errors ${row.errors}`,
      row.budgetMs === undefined ? '' : `p99 ≤ ${ms(row.budgetMs)}`,
      row.budgetMs === undefined ? null : row.p99 <= row.budgetMs && row.errors === 0,
    );
  }
  const within = pipeline.explain.filter((row) => row.withinBudget).length;
  add(
    area,
    'EXPLAIN: statements with no seq scan and ≤ 5 ms',
    `${within} of ${pipeline.explain.length}`,
    'all',
    within === pipeline.explain.length,
  );
  for (const row of pipeline.explain.filter((candidate) => !candidate.withinBudget)) {
    const scans = row.seqScans.length ? `, seq scan of ${row.seqScans.join(', ')}` : '';
    add(
      area,
      `EXPLAIN ${row.scenario}: ${row.statement}`,
      `${ms(row.executionMs)}${scans}`,
      '≤ 5 ms, no seq scan',
      false,
    );
  }
}

function prospectusLines(): void {
  const prospectus = readResults<ProspectusResults>('prospectus');
  if (!prospectus) return;
  const { offerings, race } = prospectus;
  const created = offerings.national + offerings.regional;
  const area =
    `Prospectus, ${thousands(prospectus.leads)} leads, ${thousands(created)} offerings, ` +
    `${prospectus.connections} clients (${prospectus.at.slice(0, 16)})`;
  for (const row of prospectus.with) {
    const before = prospectus.without.find((candidate) => candidate.name === row.name);
    if (!before) continue;
    add(
      area,
      `${row.name}: req/s, p99, without → with offerings`,
      `${thousands(before.rps)} → ${thousands(row.rps)} req/s, p99 ${ms(before.p99)} → ${ms(row.p99)}, ` +
        `errors ${before.errors}/${row.errors}`,
    );
  }
  add(
    area,
    `${thousands(created)} offerings created in one INSERT … SELECT`,
    `${(offerings.createMs / 1000).toFixed(2)} s (${offerings.national} national, ${offerings.regional} of a praça)`,
  );
  for (const row of prospectus.prospectus) {
    add(
      area,
      `${row.name}: req/s, p99`,
      `${thousands(row.rps)} req/s, p99 ${ms(row.p99)}, errors ${row.errors}`,
      row.budgetMs === undefined ? '' : `p99 ≤ ${ms(row.budgetMs)}`,
      // No request answered within the run (rps 0, p99 0) is a miss, not a fast route.
      row.budgetMs === undefined ? null : row.rps > 0 && row.p99 <= row.budgetMs && row.errors === 0,
    );
  }
  const paging = prospectus.yearPaging;
  add(
    area,
    `the whole year as the screen reads it (${paging.pages} pages)`,
    `${ms(Math.round(paging.medianMs))} median (${thousands(paging.offerings)} offerings)`,
  );
  for (const figure of prospectus.explain.filter((candidate) => candidate.statement === 'summary')) {
    add(
      area,
      'EXPLAIN summary',
      figure.timedOut
        ? `over ${ms(figure.executionMs)} (cancelled)`
        : `${ms(figure.executionMs)}, ${thousands(figure.buffers)} buffers` +
            (figure.seqScans.length ? `, seq scan of ${figure.seqScans.join(', ')}` : ''),
    );
  }
  const page = prospectus.explain.find(
    (candidate) => candidate.stock && candidate.request.startsWith('lead list'),
  );
  for (const stock of page?.stock ?? []) {
    add(
      area,
      'EXPLAIN lead page: its stock subquery',
      `${ms(stock.totalMs)} over ${stock.loops} rows, ${thousands(stock.buffers)} buffers (page ${ms(page?.executionMs ?? 0)})`,
    );
  }
  const expectedOk = race.offerings * race.available;
  const expectedConflicts = race.requests - expectedOk;
  const { check } = race;
  add(
    area,
    `race: oversold offerings after ${race.requests} moves at once`,
    `${check.oversold}; recounted from the leads ${check.oversoldRecounted}, stock = recount ${check.stockMatchesRecount} of ${race.offerings}`,
    '0',
    check.oversold === 0 && check.oversoldRecounted === 0 && check.stockMatchesRecount === race.offerings,
  );
  add(
    area,
    `race: answers (${race.offerings} offerings × ${race.leadsEach} leads, ${race.available} left each)`,
    `${race.ok} × 200, ${race.conflicts} × 409, ${race.serverErrors} × 5xx`,
    `${expectedOk} × 200, ${expectedConflicts} × 409, no 5xx`,
    race.ok === expectedOk &&
      race.conflicts === expectedConflicts &&
      race.serverErrors === 0 &&
      race.other === 0,
  );
  add(
    area,
    'race: moves/s, latency',
    `${thousands(race.movesPerSecond)} moves/s (${race.requests} in ${ms(Math.round(race.wallMs))}), ` +
      `p50 ${ms(Math.round(race.p50))}, p99 ${ms(Math.round(race.p99))}`,
  );
}

function boardLines(): void {
  const board = readResults<{ leads: number; figures: BoardFigure[] }>('board');
  if (!board) return;
  const area = `Board in Chromium, ${thousands(board.leads)} leads (${board.at.slice(0, 16)})`;
  for (const figure of board.figures) add(area, figure.name, figure.value, figure.budget, figure.within);
}

type BundleResults = {
  routes: { path: string; gzip: number; budget?: number }[];
  largestChunk: { file: string; gzip: number };
  chunkBudget: number;
};

function bundleLines(): void {
  const bundle = readResults<BundleResults>('bundle');
  if (!bundle) return;
  const area = `Web bundle, gzip (${bundle.at.slice(0, 16)})`;
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  for (const route of bundle.routes.filter((candidate) => candidate.budget !== undefined)) {
    const budget = route.budget as number;
    add(area, `first load of ${route.path}`, kb(route.gzip), `≤ ${kb(budget)}`, route.gzip <= budget);
  }
  add(
    area,
    'largest chunk',
    `${kb(bundle.largestChunk.gzip)} (${bundle.largestChunk.file})`,
    `≤ ${kb(bundle.chunkBudget)}`,
    bundle.largestChunk.gzip <= bundle.chunkBudget,
  );
}

type EmbeddedLine = { what: string; figure: string; budget?: string; within?: boolean | null };

function embeddedLines(): void {
  const embedded = readResults<{ leads: number; lines: EmbeddedLine[] }>('embedded');
  if (!embedded) return;
  const area = `Embedded database, ${thousands(embedded.leads)} leads (${embedded.at.slice(0, 16)})`;
  for (const line of embedded.lines)
    add(area, line.what, line.figure, line.budget ?? '', line.within ?? null);
}

type EventsResults = {
  leads: number;
  budget: { eventsPerSecond: number; p99Ms: number };
  fanOut: FanOutResult[];
  memory: MemoryResult[];
};

function eventsLines(): void {
  const events = readResults<EventsResults>('events');
  if (!events) return;
  const area = `Live updates, ${thousands(events.leads)} leads (${events.at.slice(0, 16)})`;
  const { budget } = events;
  for (const run of events.fanOut) {
    const { loss } = run;
    const writes = {
      api: `PATCH, ${run.writers} writers`,
      sql: `SQL UPDATE, ${run.writers} writers`,
      paced: `SQL UPDATE paced (${thousands(run.eventsPerSecond)}/s)`,
    }[run.writes];
    const label = `${run.streams} streams, ${run.processes} proc., ${writes}`;
    add(
      area,
      `${label}: fanned out`,
      `${thousands(run.fannedOutPerSecond)}/s (writes ${thousands(run.writesPerSecond)}/s; deliveries ${thousands(run.deliveriesPerSecond)}/s)`,
      `≥ ${thousands(budget.eventsPerSecond)}/s`,
      run.fannedOutPerSecond >= budget.eventsPerSecond,
    );
    const latency = run.latencyFromAnswer;
    add(
      area,
      `${label}: delivery latency`,
      `p50 ${ms(latency.p50)}, p95 ${ms(latency.p95)}, p99 ${ms(latency.p99)}, max ${ms(latency.max)}`,
      `p99 ≤ ${ms(budget.p99Ms)}`,
      latency.p99 <= budget.p99Ms,
    );
    const complete =
      loss.streamsComplete === run.streams && loss.missing + loss.duplicates + loss.outOfOrder === 0;
    add(
      area,
      `${label}: no loss`,
      `${loss.streamsComplete} of ${run.streams} streams (${thousands(loss.logged)} events; missing ${loss.missing}, duplicates ${loss.duplicates}, out of order ${loss.outOfOrder})`,
      'all',
      complete,
    );
  }
  const idle = events.memory.filter((row) => row.streams > 0);
  const none = events.memory.find((row) => row.streams === 0);
  if (none && idle.length > 0) {
    add(
      area,
      'server memory (RSS) per idle stream',
      idle
        .map((row) => `${(row.bytesPerStream / 1024).toFixed(1)} kB at ${thousands(row.streams)}`)
        .join(', ') + ` (${(none.rssBytes / 1024 / 1024).toFixed(0)} MB with none)`,
    );
  }
}

type ExportResults = { leads: number; budget: typeof EXPORT_BUDGET; figures: ExportFigure[] };
type ImportResults = {
  engine: 'postgres' | 'pglite';
  rows: number;
  dryRunMs: { median: number };
  commitMs: { median: number; budget: number };
};

function spreadsheetLines(): void {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const exported = readResults<ExportResults>('spreadsheet-export');
  if (exported) {
    const area = `Spreadsheet export, ${thousands(exported.leads)} leads (${exported.at.slice(0, 16)})`;
    const { budget } = exported;
    for (const figure of exported.figures) {
      const format = figure.format.toUpperCase();
      add(
        area,
        `${format}: first byte`,
        ms(figure.firstByteMs),
        `≤ ${ms(budget.firstByteMs)}`,
        figure.status === 200 && figure.firstByteMs <= budget.firstByteMs,
      );
      add(area, `${format}: whole download`, `${(figure.totalMs / 1000).toFixed(1)} s, ${mb(figure.bytes)}`);
      add(
        area,
        `${format}: server peak RSS above idle`,
        `${mb(figure.peakAboveIdleBytes)} (idle ${mb(figure.idleRssBytes)})`,
        `≤ ${mb(budget.peakAboveIdleBytes)}`,
        figure.peakAboveIdleBytes <= budget.peakAboveIdleBytes,
      );
    }
  }
  const imported = readResults<ImportResults>('spreadsheet-import');
  if (imported) {
    const engine = imported.engine === 'postgres' ? 'PostgreSQL' : 'embedded database';
    const area = `Spreadsheet import, ${thousands(imported.rows)} brands, ${engine} (${imported.at.slice(0, 16)})`;
    add(area, 'dry run (median)', `${(imported.dryRunMs.median / 1000).toFixed(2)} s`);
    add(
      area,
      'commit (median)',
      `${(imported.commitMs.median / 1000).toFixed(2)} s`,
      `≤ ${(imported.commitMs.budget / 1000).toFixed(0)} s`,
      imported.commitMs.median <= imported.commitMs.budget,
    );
  }
}

function print(): void {
  apiLines();
  pipelineLines();
  prospectusLines();
  eventsLines();
  spreadsheetLines();
  embeddedLines();
  boardLines();
  bundleLines();
  console.log('\nFunil benchmarks: every figure against its budget');
  for (const area of [...new Set(lines.map((line) => line.area))]) {
    const rows = lines.filter((line) => line.area === area);
    // Column widths per area, so one long figure does not widen every table.
    const width = (pick: (line: Line) => string, title: string) =>
      Math.max(title.length, ...rows.map((line) => pick(line).length));
    const what = width((line) => line.what, 'what');
    const figure = width((line) => line.figure, 'figure');
    const budget = width((line) => line.budget, 'budget');
    const row = (cells: string[]) =>
      `  ${(cells[0] ?? '').padEnd(what)}  ${(cells[1] ?? '').padEnd(figure)}  ${(cells[2] ?? '').padEnd(budget)}  ${cells[3] ?? ''}`.trimEnd();
    console.log(`\n${area}\n${row(['what', 'figure', 'budget', 'verdict'])}`);
    for (const line of rows) {
      const verdict = line.within === null ? '' : line.within ? 'within' : 'MISSES';
      console.log(row([line.what, line.figure, line.budget, verdict]));
    }
  }
  const judged = lines.filter((line) => line.within !== null);
  console.log(
    `\n${judged.filter((line) => line.within).length} of ${judged.length} budgets met; load average now: ${execSync('uptime').toString().trim()}`,
  );
}

print();
