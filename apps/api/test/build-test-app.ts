import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { DbKind } from '@funil/shared';
import { inject } from 'vitest';
import { type App, type BuildAppOptions, buildApp } from '../src/app';
import { type Config, type Env, loadConfig } from '../src/config';
import { type DbHandle, PGLITE_EXTENSIONS, pgliteHandle, openPostgres } from '../src/db/client';
import { createDatabase, dropDatabase, testDbName } from './postgres-admin';
import './provided-context';

/** The engine of the vitest project running this file: "api (pglite)" or "api (postgres)". */
export const testDbKind = (): DbKind => inject('dbKind');

/** The folders made by tempDir in this process, removed by one exit listener. */
const tempDirs: string[] = [];

/**
 * A temporary folder removed when the process exits (uploads, outbox, PGlite files). The test
 * files of a worker share this module, so they share one listener instead of adding one each.
 */
export function tempDir(label = 'funil-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), label));
  if (tempDirs.length === 0) {
    process.once('exit', () => {
      for (const made of tempDirs) rmSync(made, { recursive: true, force: true });
    });
  }
  tempDirs.push(dir);
  return dir;
}

/**
 * Configuration for tests: a private DATA_DIR, silent logs, CNPJ lookups off (a test that looks
 * companies up points CNPJ_LOOKUP_URL at a local mirror: nothing reaches the internet), plus
 * whatever `env` sets.
 */
export function testConfig(env: Env = {}): Config {
  return loadConfig({ DATA_DIR: tempDir(), LOG_LEVEL: 'silent', CNPJ_LOOKUP_URL: 'off', ...env });
}

/** A fresh empty PostgreSQL database for this test; `drop()` removes it. */
export async function createPostgresTestDatabase(options: { migrated?: boolean } = {}) {
  const url = inject('postgresUrl');
  const name = testDbName(inject('postgresRunId'));
  const databaseUrl = await createDatabase(
    url,
    name,
    options.migrated ? inject('postgresTemplateDb') : undefined,
  );
  return { url: databaseUrl, drop: () => dropDatabase(url, name) };
}

/**
 * A fresh, migrated, isolated database of this project's engine: PGlite in memory cloned from the
 * run's template, or a PostgreSQL database cloned from the run's template database. Closing the
 * handle throws the database away.
 */
export async function createTestDb(): Promise<DbHandle> {
  if (testDbKind() === 'postgres') {
    const database = await createPostgresTestDatabase({ migrated: true });
    const handle = openPostgres(database.url, { max: 5 });
    const close = handle.close;
    return {
      ...handle,
      close: async () => {
        await close();
        await database.drop();
      },
    };
  }
  return pgliteHandle(await PGlite.create({ loadDataDir: pgliteTemplate(), extensions: PGLITE_EXTENSIONS }));
}

let template: { file: string; blob: Blob } | undefined;

/**
 * The run's migrated PGlite data directory, read once per worker: the test files of a worker share
 * this module, and PGlite only reads the Blob it is given.
 */
function pgliteTemplate(): Blob {
  const file = inject('pgliteTemplateFile');
  if (template?.file !== file) template = { file, blob: new Blob([readFileSync(file)]) };
  return template.blob;
}

export type TestAppOptions = Omit<BuildAppOptions, 'db'> & { env?: Env; db?: DbHandle };

/**
 * The real app (buildApp) on a fresh database, silent. Call `app.close()` in afterAll: it closes
 * and discards the database.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<App> {
  const { env, db, ...rest } = options;
  return buildApp(testConfig(env), {
    logger: false,
    migrate: false,
    ...rest,
    db: db ?? (await createTestDb()),
  });
}
