import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, pgliteHandle, openPostgres } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { createDatabase, dropDatabase, newRunId, testDbName, withDatabase } from './postgres-admin';
import './provided-context';

/**
 * Once per test run and project: build ONE migrated database and let every test app clone it.
 * PGlite's first open runs initdb (seconds, ~900 MB peak); loading a dumped data directory does
 * not. On PostgreSQL, `CREATE DATABASE ... TEMPLATE` copies the migrated template in milliseconds.
 */
export default async function setup(project: TestProject) {
  const { dbKind } = project.getProvidedContext();

  if (dbKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('The api (postgres) project needs TEST_DATABASE_URL');
    const runId = newRunId();
    const template = testDbName(runId, 'template');
    await createDatabase(url, template);
    const handle = openPostgres(withDatabase(url, template), { max: 1 });
    try {
      await runMigrations(handle);
    } finally {
      await handle.close();
    }
    project.provide('postgresUrl', url);
    project.provide('postgresTemplateDb', template);
    project.provide('postgresRunId', runId);
    return async () => {
      await dropLeftovers(url, runId);
    };
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
  project.provide('pgliteTemplateFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
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
