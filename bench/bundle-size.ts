// Bundle-size report: reads the web build's manifest (apps/web/dist/.vite/manifest.json, written
// because apps/web/vite.config.ts sets build.manifest) and prints the gzip and brotli size of every
// JavaScript chunk, then what each route downloads on a first visit. A script, not a test: it flags
// the budgets but never fails. Run with `npm run bench` after `npm run build`.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { writeResults } from './support/results';

const distDir = resolve(import.meta.dirname, '../apps/web/dist');
const manifestFile = join(distDir, '.vite/manifest.json');

// Kilobytes as Vite prints them (1000 bytes), so these figures match the build's own output.
const KB = 1000;
/** What a first visit to the login page may download (JavaScript, gzip); on the way to 110 kB. */
const LOGIN_BUDGET = 200 * KB;
/**
 * What a first visit to the board may download: the signed-in shell and the dashboard (gzip); on
 * the way to 230 kB.
 */
const BOARD_BUDGET = 300 * KB;
/** First-load budgets by route. */
const ROUTE_BUDGETS: Record<string, number> = { '/login': LOGIN_BUDGET, '/dashboard': BOARD_BUDGET };
/** No single chunk may be larger than this (gzip): a big chunk delays every route that needs it. */
const CHUNK_BUDGET = 150 * KB;

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/**
 * The routes of apps/web/src/app/router.tsx and the modules its `lazy` loads for each: the
 * protected layout first for a signed-in screen, then the screen itself. Every route also fetches
 * the words of its language (pt-BR here, the default) beside its code.
 */
const PROTECTED = 'src/app/routes/protected-layout.tsx';
const LANGUAGE = 'src/i18n/bundles/pt-br.ts';
const screen = (path: string, module: string) => ({
  path,
  lazy: [LANGUAGE, PROTECTED, `src/app/routes/${module}.tsx`],
});
const routes: { path: string; lazy: string[] }[] = [
  { path: '/login', lazy: [LANGUAGE, 'src/app/routes/login.tsx'] },
  { path: '/register', lazy: [LANGUAGE, 'src/app/routes/register.tsx'] },
  { path: '/redefinir-senha', lazy: [LANGUAGE, 'src/app/routes/reset-password.tsx'] },
  { path: '/auth/callback', lazy: [LANGUAGE, 'src/app/routes/auth-callback.tsx'] },
  screen('/dashboard', 'dashboard'),
  screen('/tarefas', 'tasks'),
  screen('/relatorios', 'reports'),
  screen('/prospecto', 'prospectus'),
  screen('/importar', 'spreadsheets-import'),
  screen('/marcas/gerenciar', 'brands-manage'),
  screen('/marcas/criar', 'brands-create'),
  screen('/marcas/editar/:id', 'brands-edit'),
  screen('/leads/editar/:id', 'leads-edit'),
  screen('/configuracoes/verticais', 'verticals'),
  screen('/configuracoes/tipos-cotas', 'quota-types'),
  screen('/configuracoes/plataformas', 'platforms'),
  screen('/configuracoes/funil', 'pipeline-settings'),
  screen('/configuracoes/idioma', 'language'),
  screen('/seguranca/usuarios', 'users'),
  { path: '/nao-existe (404)', lazy: [LANGUAGE, 'src/app/routes/not-found.tsx'] },
];

/** Route modules a screen fetches when the user opens something, not on its first load. */
const OPENED_ON_USE = ['src/app/routes/dashboard-lead-details.tsx'];

/**
 * A signed-out visit to a guarded page (/dashboard): the session gate in the entry sends it to
 * /login, so it fetches the login's first load, then the toasts' code once the page is up, then
 * the form's checks (zod) when the user first focuses the form. None of the signed-in app.
 */
const SIGNED_OUT_VISIT: { label: string; modules: string[] }[] = [
  { label: 'first screen (entry, words, login)', modules: [LANGUAGE, 'src/app/routes/login.tsx'] },
  { label: 'then, after it shows: toasts', modules: ['src/components/ui/sonner.tsx'] },
  {
    label: "then, on the form's first focus: its checks",
    modules: ['src/features/auth/utils/login-form-schema.ts'],
  },
];

type Sizes = { raw: number; gzip: number; brotli: number };

const sizeCache = new Map<string, Sizes>();
function sizesOf(file: string): Sizes {
  const cached = sizeCache.get(file);
  if (cached) return cached;
  const content = readFileSync(join(distDir, file));
  // The same settings the build uses for the .gz and .br files it writes beside each chunk.
  const sizes = {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length,
  };
  sizeCache.set(file, sizes);
  return sizes;
}

/** A chunk and everything it imports statically: what the browser fetches before it runs. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest: is the route table above current?`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;
const sum = (sizes: Sizes[]) =>
  sizes.reduce(
    (total, s) => ({
      raw: total.raw + s.raw,
      gzip: total.gzip + s.gzip,
      brotli: total.brotli + s.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );

function printRow(label: string, sizes: Sizes, extra = '') {
  console.log(
    label.padEnd(44),
    kb(sizes.raw).padStart(10),
    kb(sizes.gzip).padStart(10),
    kb(sizes.brotli).padStart(10),
    extra,
  );
}

function main(): void {
  if (!existsSync(manifestFile)) {
    console.error(`${manifestFile} is missing: run \`npm run build\` first.`);
    process.exitCode = 1;
    return;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const jsKeys = Object.keys(manifest).filter((key) => manifest[key]?.file.endsWith('.js'));
  const entryKey = jsKeys.find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry chunk');

  console.log(`Funil web bundle (${distDir})\n`);
  console.log('chunk'.padEnd(44), 'raw'.padStart(10), 'gzip'.padStart(10), 'brotli'.padStart(10));
  const chunks = jsKeys
    .map((key) => ({ file: manifest[key]?.file ?? key, sizes: sizesOf(manifest[key]?.file ?? key) }))
    .sort((a, b) => b.sizes.gzip - a.sizes.gzip);
  for (const { file, sizes } of chunks) {
    printRow(
      file.replace(/^assets\//, ''),
      sizes,
      sizes.gzip > CHUNK_BUDGET ? `OVER ${kb(CHUNK_BUDGET)}` : '',
    );
  }
  printRow(`all ${chunks.length} chunks`, sum(chunks.map((chunk) => chunk.sizes)));

  console.log('\nfirst load of each route (entry + its static imports + the lazy route chunks + theirs)');
  console.log('route'.padEnd(44), 'raw'.padStart(10), 'gzip'.padStart(10), 'brotli'.padStart(10), 'files');
  const covered = new Set<string>();
  const measured: { path: string; gzip: number; budget?: number }[] = [];
  for (const route of routes) {
    const keys = staticClosure(manifest, entryKey);
    for (const lazy of route.lazy) {
      covered.add(lazy);
      // A module imported statically by the entry has no chunk of its own: it is already counted.
      if (manifest[lazy]) staticClosure(manifest, lazy, keys);
    }
    const files = [...keys].map((key) => manifest[key]?.file ?? key);
    const total = sum(files.map(sizesOf));
    const budget = ROUTE_BUDGETS[route.path];
    const verdict =
      budget === undefined ? '' : total.gzip > budget ? `OVER ${kb(budget)}` : `≤ ${kb(budget)}`;
    printRow(route.path, total, `${String(files.length).padStart(5)}  ${verdict}`);
    measured.push({ path: route.path, gzip: total.gzip, ...(budget === undefined ? {} : { budget }) });
  }

  console.log('\na signed-out visit to /dashboard, in the order it fetches (each step: what it adds)');
  console.log('step'.padEnd(44), 'raw'.padStart(10), 'gzip'.padStart(10), 'brotli'.padStart(10), 'files');
  const fetched = staticClosure(manifest, entryKey, new Set<string>());
  let signedOut: Sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const step of SIGNED_OUT_VISIT) {
    const before = new Set(fetched);
    for (const module of step.modules) if (manifest[module]) staticClosure(manifest, module, fetched);
    const added = [...fetched].filter((key) => step === SIGNED_OUT_VISIT[0] || !before.has(key));
    const total = sum(added.map((key) => sizesOf(manifest[key]?.file ?? key)));
    signedOut = sum([signedOut, total]);
    printRow(step.label, total, String(added.length).padStart(5));
  }
  printRow('whole signed-out visit', signedOut, String(fetched.size).padStart(5));
  const signedInApp = [...fetched].filter(
    (key) => key === PROTECTED || manifest[key]?.src?.includes('/routes/dashboard'),
  );
  if (signedInApp.length > 0)
    console.log(`  OVER: the signed-out visit fetches signed-in code: ${signedInApp.join(', ')}`);

  const uncovered = jsKeys.filter(
    (key) =>
      manifest[key]?.isDynamicEntry &&
      key.startsWith('src/app/routes/') &&
      !covered.has(key) &&
      !OPENED_ON_USE.includes(key),
  );
  if (uncovered.length > 0) console.log(`\nroute modules not measured above: ${uncovered.join(', ')}`);

  const biggest = chunks[0]?.sizes.gzip ?? 0;
  writeResults('bundle', {
    routes: measured,
    signedOutVisit: { gzip: signedOut.gzip, files: fetched.size },
    largestChunk: { file: chunks[0]?.file ?? '', gzip: biggest },
    chunkBudget: CHUNK_BUDGET,
  });
  console.log(
    `\nbudgets: login first load ≤ ${kb(LOGIN_BUDGET)} gzip; board first load ≤ ${kb(BOARD_BUDGET)}; every chunk ≤ ${kb(CHUNK_BUDGET)} gzip ` +
      `(largest: ${kb(biggest)}${biggest > CHUNK_BUDGET ? ', OVER' : ''})`,
  );
}

main();
