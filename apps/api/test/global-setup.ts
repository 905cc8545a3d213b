import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { DbKind } from '@funil/shared';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, pgliteHandle, openPostgres } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { createDatabase, dropDatabase, newRunId, testDbName, withDatabase } from './postgres-admin';
import './provided-context';

type Template =
  { dbKind: 'postgres'; url: string; template: string; runId: string } | { dbKind: 'pglite'; file: string };

type Shared = { template: Promise<Template>; users: number };

/**
 * The templates of this run by engine. The shared-graph and the isolated API projects of an engine
 * both run this setup; they build one template and the last teardown removes it. Kept on
 * globalThis so it holds however vitest loads this file for each project.
 */
const shared = ((globalThis as { [key: symbol]: unknown })[Symbol.for('funil.api.testTemplates')] ??= new Map<
  DbKind,
  Shared
>()) as Map<DbKind, Shared>;

/**
 * Once per test run and engine: build ONE migrated database and let every test app clone it.
 * PGlite's first open runs initdb (seconds, ~900 MB peak); loading a dumped data directory does
 * not. On PostgreSQL, `CREATE DATABASE ... TEMPLATE` copies the migrated template in milliseconds.
 */
export default async function setup(project: TestProject) {
  const { dbKind } = project.getProvidedContext();
  const entry = shared.get(dbKind) ?? startTemplate(dbKind);
  entry.users += 1;
  const built = await entry.template;

  if (built.dbKind === 'postgres') {
    project.provide('postgresUrl', built.url);
    project.provide('postgresTemplateDb', built.template);
    project.provide('postgresRunId', built.runId);
  } else {
    project.provide('pgliteTemplateFile', built.file);
  }
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.delete(dbKind);
    if (built.dbKind === 'postgres') await dropLeftovers(built.url, built.runId);
    else rmSync(dirname(built.file), { recursive: true, force: true });
  };
}

/** Starts building an engine's template and shares it; a failed build is not kept. */
function startTemplate(dbKind: DbKind): Shared {
  const entry: Shared = { template: buildTemplate(dbKind), users: 0 };
  shared.set(dbKind, entry);
  entry.template.catch(() => shared.delete(dbKind));
  return entry;
}

async function buildTemplate(dbKind: DbKind): Promise<Template> {
  if (dbKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('The api (postgres) projects need TEST_DATABASE_URL');
    const runId = newRunId();
    const template = testDbName(runId, 'template');
    await createDatabase(url, template);
    const handle = openPostgres(withDatabase(url, template), { max: 1 });
    try {
      await runMigrations(handle);
    } finally {
      await handle.close();
    }
    return { dbKind, url, template, runId };
  }

  const dir = mkdtempSync(join(tmpdir(), 'funil-pglite-template-'));
  const file = join(dir, 'template.tar');
  const handle = pgliteHandle(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  try {
    await runMigrations(handle);
    const dump = await (handle.client as PGlite).dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  return { dbKind, file };
}

/** Test files drop their databases; this catches the ones left by a crashed or interrupted worker. */
async function dropLeftovers(url: string, runId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${testDbName(runId, '')}%`],
    );
    for (const { datname } of rows) await dropDatabase(url, datname);
  } finally {
    await client.end();
  }
}
