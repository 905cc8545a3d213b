// `npm run bench:export -w bench`: exports every lead of BENCH_DATABASE_URL (1,000,000 after
// `bench:generate`) as CSV and as XLSX through GET /api/leads/export on the built server, and
// measures what a user and the server feel: the time to the first byte, the whole download, its
// size, and the server process's peak resident memory above its idle memory (VmRSS sampled from
// /proc every 50 ms). Budgets: first byte ≤ 1 s, peak ≤ 150 MB above idle. As a step of `npm run
// bench` (`--if-configured`) it is skipped when BENCH_DATABASE_URL is not set.
import { setTimeout as delay } from 'node:timers/promises';
import { residentBytes } from './events/process-stats';
import { signInBench } from './support/bench-account';
import { countLeads, requireBenchDatabaseUrl, withBenchClient } from './support/bench-database';
import { startBenchServer } from './support/bench-server';
import { writeResults } from './support/results';

export const EXPORT_BUDGET = { firstByteMs: 1000, peakAboveIdleBytes: 150 * 1024 * 1024 };

export type ExportFigure = {
  format: 'csv' | 'xlsx';
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  /** CSV only: lines of the file (the header and one per lead). */
  lines: number | null;
  idleRssBytes: number;
  peakRssBytes: number;
  peakAboveIdleBytes: number;
};

const SAMPLE_MS = 50;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The server's VmRSS, sampled until `stop`: the highest value seen. */
function sampleRss(pid: number) {
  let peak = residentBytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, SAMPLE_MS);
  return () => {
    clearInterval(timer);
    return Math.max(peak, residentBytes(pid));
  };
}

/** The server's memory once it has settled (two readings a second apart within 1 MB, or 10 s). */
async function settledRss(pid: number): Promise<number> {
  let previous = residentBytes(pid);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await delay(1000);
    const now = residentBytes(pid);
    if (Math.abs(now - previous) < 1024 * 1024) return now;
    previous = now;
  }
  return previous;
}

async function exportOnce(
  baseUrl: string,
  pid: number,
  token: string,
  format: 'csv' | 'xlsx',
): Promise<ExportFigure> {
  const idleRssBytes = await settledRss(pid);
  const stopSampling = sampleRss(pid);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/leads/export?format=${format}&tz=America/Sao_Paulo`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'pt-BR' },
  });
  let firstByteMs = -1;
  let bytes = 0;
  let lines = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
    if (chunk.done) break;
    if (firstByteMs < 0) firstByteMs = performance.now() - started;
    bytes += chunk.value.length;
    if (format === 'csv') for (const byte of chunk.value) if (byte === 10) lines += 1;
  }
  const totalMs = performance.now() - started;
  const peakRssBytes = stopSampling();
  return {
    format,
    status: response.status,
    firstByteMs: Math.round(firstByteMs),
    totalMs: Math.round(totalMs),
    bytes,
    lines: format === 'csv' ? lines : null,
    idleRssBytes,
    peakRssBytes,
    peakAboveIdleBytes: peakRssBytes - idleRssBytes,
  };
}

async function main(): Promise<void> {
  if (process.argv.includes('--if-configured') && !process.env.BENCH_DATABASE_URL) {
    console.log('\nspreadsheet export benchmark skipped: set BENCH_DATABASE_URL (run bench:generate first)');
    return;
  }
  const databaseUrl = requireBenchDatabaseUrl();
  const leads = await withBenchClient(databaseUrl, countLeads);
  if (leads === 0) {
    console.error('The bench database holds no leads: run `npm run bench:generate -w bench` first.');
    process.exit(2);
  }
  console.log(`Spreadsheet export of ${leads.toLocaleString('en')} leads (GET /api/leads/export)`);
  const figures: ExportFigure[] = [];
  const formats = (process.env.BENCH_EXPORT_FORMATS ?? 'csv,xlsx').split(',') as ('csv' | 'xlsx')[];
  // A server of its own per format: the one's heap does not count as the other's idle memory.
  for (const format of formats) {
    const server = await startBenchServer(databaseUrl, {}, 'discarded');
    try {
      const { token } = await signInBench(server.baseUrl);
      const figure = await exportOnce(server.baseUrl, server.pid, token, format);
      figures.push(figure);
      console.log(
        `  ${format.padEnd(4)}  status ${figure.status}  first byte ${figure.firstByteMs} ms  ` +
          `total ${(figure.totalMs / 1000).toFixed(1)} s  ${mb(figure.bytes)}` +
          (figure.lines === null ? '' : `  ${figure.lines.toLocaleString('en')} lines`) +
          `  peak RSS ${mb(figure.peakRssBytes)} (${mb(figure.peakAboveIdleBytes)} above idle ${mb(figure.idleRssBytes)})`,
      );
    } finally {
      await server.stop();
    }
  }
  writeResults('spreadsheet-export', { leads, budget: EXPORT_BUDGET, figures });
  const missed = figures.filter(
    (figure) =>
      figure.status !== 200 ||
      figure.firstByteMs > EXPORT_BUDGET.firstByteMs ||
      figure.peakAboveIdleBytes > EXPORT_BUDGET.peakAboveIdleBytes,
  );
  console.log(
    missed.length === 0
      ? `  within budget (first byte ≤ ${EXPORT_BUDGET.firstByteMs} ms, peak ≤ ${mb(EXPORT_BUDGET.peakAboveIdleBytes)} above idle)`
      : `  MISSES its budget: ${missed.map((figure) => figure.format).join(', ')}`,
  );
}

await main();
