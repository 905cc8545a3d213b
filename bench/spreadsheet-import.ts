// `npm run bench:import -w bench`: the spreadsheet import (POST /api/brands/import) of a CSV of
// BENCH_IMPORT_ROWS (10,000) brands, each with its principal contact (seeded random data, valid
// CNPJs), through the built server: the dry run and the commit, BENCH_IMPORT_RUNS (3) times each,
// wall time from sending the file to the answer, median reported; after each commit, the same file
// again with on_duplicate=update, which finds every brand as stored (unchanged) and writes nothing. Each commit writes into an empty
// database: on the embedded database (the default, no configuration) a fresh data folder per run;
// on PostgreSQL (BENCH_DATABASE_URL) the imported brands are deleted between runs.
// A script, not a test: the budget (a commit of 10,000 brands in ≤ 10 s) is flagged, never enforced.
// Run `npm run build` first.
import { performance } from 'node:perf_hooks';
import { signInBench } from './support/bench-account';
import { withBenchClient } from './support/bench-database';
import { type StartedServer, startServer } from './support/bench-server';
import { writeResults } from './support/results';
import { benchSettings, numberFrom } from './support/settings';

const ROWS = numberFrom('BENCH_IMPORT_ROWS', 10_000);
const RUNS = numberFrom('BENCH_IMPORT_RUNS', 3);
const COMMIT_BUDGET_MS = 10_000;
/** Every imported brand's name starts with this, so a PostgreSQL run deletes only its own. */
const NAME_PREFIX = 'Bench Import';

/** mulberry32: the same file on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A numeric CNPJ: 12 digits (the row's number in the first 8, branch 0001) and its two check digits. */
function cnpjOf(n: number): string {
  const digits = `${String(n).padStart(8, '0')}0001`.split('').map(Number);
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const sum = weights.reduce((total, weight, i) => total + weight * (digits[i] as number), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabi', 'Heitor', 'Íris', 'João'];
const LAST = ['Souza', 'Lima', 'Pereira', 'Gonçalves', 'Araújo', 'Ribeiro', 'Melo', 'Barros'];
const AREAS = ['Varejo', 'Bebidas', 'Automotivo', 'Financeiro', 'Tecnologia', 'Saúde', 'Educação'];

/** The CSV a team would export from another tool: `;`, UTF-8 with BOM, pt-BR headers. */
function brandsCsv(rows: number): Buffer {
  const random = seededRandom(20_260_101);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const lines = [
    'Nome da marca;Razão social;CNPJ;Área de atuação;Segmentação;Responsável;Descrição;Status;' +
      'Nome do contato;Sobrenome do contato;Cargo do contato;Email do contato;Telefone do contato',
  ];
  const base = 10_000_000 + Math.floor(random() * 10_000_000);
  for (let i = 0; i < rows; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const cnpj = cnpjOf(base + i * 7);
    lines.push(
      [
        `${NAME_PREFIX} ${i + 1}`,
        `Empresa ${i + 1} Ltda`,
        `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`,
        pick(AREAS),
        pick(['Premium', 'Popular', 'Regional', 'Nacional']),
        `${pick(FIRST)} ${pick(LAST)}`,
        random() < 0.3 ? 'Cliente desde 2019, renova todo ano' : '',
        random() < 0.9 ? 'Ativo' : 'Inativo',
        first,
        last,
        pick(['Gerente de Marketing', 'Diretor Comercial', 'Analista de Mídia']),
        `${first.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')}.${i + 1}@marca${i + 1}.com.br`,
        `+55 11 9${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
      ].join(';'),
    );
  }
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

type ImportAnswer = {
  dry_run: boolean;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: unknown[];
};

/** What an import is: a dry run or a commit of new brands, or the same file again as an update. */
type ImportKind = 'dry run' | 'commit' | 'update, unchanged';

async function importOnce(baseUrl: string, token: string, csv: Buffer, kind: ImportKind) {
  const form = new FormData();
  form.append('dry_run', String(kind === 'dry run'));
  if (kind === 'update, unchanged') form.append('on_duplicate', 'update');
  form.append('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'marcas.csv');
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/brands/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`import: ${response.status} ${text.slice(0, 500)}`);
  const answer = JSON.parse(text) as ImportAnswer;
  const counted = kind === 'update, unchanged' ? answer.unchanged : answer.created;
  if (counted !== ROWS || answer.skipped.length > 0)
    throw new Error(`${kind}: expected ${ROWS} brands, got ${counted} (${answer.skipped.length} skipped)`);
  return { ms, bytes: text.length };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A server on an empty database: a fresh data folder, or PostgreSQL with this benchmark's brands deleted. */
async function emptyServer(): Promise<StartedServer> {
  const databaseUrl = benchSettings.databaseUrl || undefined;
  // Started first: it migrates a new database.
  const server = await startServer({ databaseUrl, logs: 'discarded' });
  if (databaseUrl) await deleteImportedBrands(databaseUrl);
  return server;
}

/** This benchmark's brands (their contacts go with them), and nothing else. */
const deleteImportedBrands = (databaseUrl: string) =>
  withBenchClient(databaseUrl, (client) =>
    client.query('delete from brands where name like $1', [`${NAME_PREFIX} %`]),
  );

async function main() {
  const engine = benchSettings.databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded (PGlite)';
  const csv = brandsCsv(ROWS);
  console.log(
    `Spreadsheet import: ${ROWS.toLocaleString('en')} brands with principal contacts ` +
      `(${(csv.length / 1024 / 1024).toFixed(2)} MB CSV), ${RUNS} runs each, on ${engine}`,
  );

  const dryRuns: number[] = [];
  let answerBytes = 0;
  const server = await emptyServer();
  try {
    const { token } = await signInBench(server.baseUrl);
    for (let run = 0; run < RUNS; run++) {
      const { ms, bytes } = await importOnce(server.baseUrl, token, csv, 'dry run');
      dryRuns.push(ms);
      answerBytes = bytes;
      console.log(`  dry run ${run + 1}: ${seconds(ms)}`);
    }
  } finally {
    await server.stop();
  }

  const commits: number[] = [];
  const reimports: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const fresh = await emptyServer();
    try {
      const { token } = await signInBench(fresh.baseUrl);
      const { ms } = await importOnce(fresh.baseUrl, token, csv, 'commit');
      commits.push(ms);
      const again = await importOnce(fresh.baseUrl, token, csv, 'update, unchanged');
      reimports.push(again.ms);
      console.log(`  commit ${run + 1}: ${seconds(ms)}   the same file as an update: ${seconds(again.ms)}`);
    } finally {
      await fresh.stop();
    }
  }
  if (benchSettings.databaseUrl) await deleteImportedBrands(benchSettings.databaseUrl);

  const dryRunMs = median(dryRuns);
  const commitMs = median(commits);
  const reimportMs = median(reimports);
  console.log(
    `  dry run, median            ${seconds(dryRunMs)}   (answer ${(answerBytes / 1024 / 1024).toFixed(1)} MB)`,
  );
  console.log(
    `  commit, median             ${seconds(commitMs)}   budget ≤ ${seconds(COMMIT_BUDGET_MS)}   ${
      commitMs <= COMMIT_BUDGET_MS ? 'within' : 'MISSES'
    }`,
  );
  console.log(`  update, unchanged, median  ${seconds(reimportMs)}`);
  writeResults('spreadsheet-import', {
    engine: benchSettings.databaseUrl ? 'postgres' : 'pglite',
    rows: ROWS,
    csvBytes: csv.length,
    dryRunMs: { median: dryRunMs, runs: dryRuns },
    commitMs: { median: commitMs, runs: commits, budget: COMMIT_BUDGET_MS },
    unchangedUpdateMs: { median: reimportMs, runs: reimports },
  });
}

await main();
