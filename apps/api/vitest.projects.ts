import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { DbKind } from '@funil/shared';
import { configDefaults, type TestProjectInlineConfiguration } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Test files run side by side, one per core. Vitest's default keeps a core for its own process
 * (one worker on a two-core machine), which then sits half idle: API tests wait on PostgreSQL,
 * sockets and child processes much of the time, and the main process only hands out files.
 */
export const TEST_WORKERS = Math.max(2, availableParallelism());

/**
 * The suites that take minutes, not seconds: schema fuzzing (hundreds of requests per route), and
 * real server processes killed or stopped mid-write, cycle after cycle, or left without their
 * database (a private PostgreSQL cluster restarted and killed under load). They run in projects of
 * their own (`npm run test:slow`, part of `npm test`), so `vitest run` stays quick while editing.
 */
export const SLOW_SUITES = [
  'test/fuzz/**/*.test.ts',
  'test/robustness/crash-recovery.test.ts',
  'test/robustness/graceful-shutdown.test.ts',
  'test/robustness/database-outage.test.ts',
];

/**
 * Files that cannot share a module graph with the others: `vi.mock` replaces a module for every
 * file of the graph (login-timing wraps the password functions in spies to count their calls).
 * They run in projects of their own with a fresh graph per file.
 */
export const ISOLATED_SUITES = ['src/modules/auth/login-timing.test.ts'];

const apiTestProject = (
  name: string,
  dbKind: DbKind,
  files: { include: string[]; exclude?: string[] },
  isolate = true,
): TestProjectInlineConfiguration => ({
  root,
  test: {
    name,
    include: files.include,
    exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
    globalSetup: ['test/global-setup.ts'],
    provide: { dbKind },
    environment: 'node',
    isolate,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * Every API test file but the slow and the isolated suites, on one engine. The files of a worker
 * share one module graph (`isolate: false`): the app's modules are imported and transformed once
 * per worker instead of once per file, and PGlite's compiled WebAssembly (which PGlite keeps per
 * process) and the template database's bytes are reused by every file's database. Each file still
 * gets its own database, and the API keeps no state per process that a test relies on.
 */
export const apiProject = (dbKind: DbKind) =>
  apiTestProject(
    `api (${dbKind})`,
    dbKind,
    { include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: [...SLOW_SUITES, ...ISOLATED_SUITES] },
    false,
  );

/** The isolated suites, on one engine, each file with a module graph of its own. */
export const apiIsolatedProject = (dbKind: DbKind) =>
  apiTestProject(`api isolated (${dbKind})`, dbKind, { include: ISOLATED_SUITES });

/** The slow suites, on one engine. */
export const apiSlowProject = (dbKind: DbKind) =>
  apiTestProject(`api slow (${dbKind})`, dbKind, { include: SLOW_SUITES });

/** Always PGlite; PostgreSQL too when TEST_DATABASE_URL is set (each file gets its own database). */
const engines: DbKind[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

/** The API suite runs once per engine over the same files (shared graph, then isolated files). */
export const apiProjects: TestProjectInlineConfiguration[] = engines.flatMap((dbKind) => [
  apiProject(dbKind),
  apiIsolatedProject(dbKind),
]);

/** The slow suites, once per engine, for `vitest.slow.config.ts`. */
export const apiSlowProjects: TestProjectInlineConfiguration[] = engines.map(apiSlowProject);
