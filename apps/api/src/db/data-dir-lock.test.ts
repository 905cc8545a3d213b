import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, testDbKind } from '../../test/build-test-app';
import { runCli } from '../../test/run-cli';
import { findUserByEmail } from '../modules/users/users.service';
import { createDb } from './client';
import { DataDirInUseError, holdDataDir } from './data-dir-lock';

// PGlite on a real data folder; the same on both projects (the lock is about DATA_DIR, not the engine).
describe('the embedded database holds its data folder', () => {
  it('refuses a second opening at once, with what to do, and allows it again after the close', async () => {
    const dataDir = tempDir();
    const first = await createDb({ databaseUrl: undefined, dataDir });
    const startedAt = Date.now();
    const second = createDb({ databaseUrl: undefined, dataDir });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(
      new RegExp(`in use by another Funil process \\(pid ${process.pid}\\).*stop that process first`),
    );
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    await first.close();

    const again = await createDb({ databaseUrl: undefined, dataDir });
    expect(await again.ping()).toBe(true);
    await again.close();
  }, 60_000);

  it('makes user:create, run as its own process, refuse while a server holds the folder', async () => {
    const dataDir = tempDir();
    const server = await createDb({ databaseUrl: undefined, dataDir });
    try {
      const run = await runCli(
        'src/cli/user-create.ts',
        [
          '--email',
          'ana@empresa.com.br',
          '--name',
          'Ana Souza',
          '--roles',
          'admin',
          '--password',
          'segredo1',
        ],
        { DATA_DIR: dataDir },
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `The data folder ${dataDir} is in use by another Funil process (pid ${process.pid})`,
      );
      expect(run.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
      expect(run.stdout).not.toContain('Created user');
    } finally {
      await server.close();
    }
  }, 60_000);

  it('takes over the lock of a process that died without releasing it', async () => {
    const dataDir = tempDir();
    // A child takes the lock the way the server does, then is killed: no exit handler runs.
    const script = join(dataDir, 'hold.mjs');
    writeFileSync(
      script,
      `import { holdDataDir } from ${JSON.stringify(new URL('./data-dir-lock.ts', import.meta.url).pathname)};\n` +
        `await holdDataDir(${JSON.stringify(dataDir)});\nprocess.send('held');\nsetInterval(() => {}, 1000);\n`,
    );
    const child = fork(script, { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
    await new Promise<void>((resolve) => child.once('message', () => resolve()));
    await expect(holdDataDir(dataDir)).rejects.toBeInstanceOf(DataDirInUseError);
    child.kill('SIGKILL');
    await new Promise<void>((resolve) => child.once('exit', () => resolve()));

    const takenOverAt = Date.now();
    const release = await holdDataDir(dataDir);
    expect(Date.now() - takenOverAt).toBeLessThan(8_000);
    await release();
  }, 60_000);
});

describe.runIf(testDbKind() === 'postgres')('on PostgreSQL', () => {
  it('lets user:create run beside an open server on the same database', async () => {
    const { createPostgresTestDatabase } = await import('../../test/build-test-app');
    const database = await createPostgresTestDatabase({ migrated: true });
    const dataDir = tempDir();
    const server = await createDb({ databaseUrl: database.url, dataDir });
    try {
      const run = await runCli(
        'src/cli/user-create.ts',
        [
          '--email',
          'bia@empresa.com.br',
          '--name',
          'Bia Lima',
          '--roles',
          'comercial',
          '--password',
          'segredo1',
        ],
        { DATA_DIR: dataDir, DATABASE_URL: database.url },
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Created user bia@empresa.com.br');
      // The running server sees the new account at once.
      expect(await findUserByEmail(server.db, 'bia@empresa.com.br')).toMatchObject({ roles: ['comercial'] });
    } finally {
      await server.close();
      await database.drop();
    }
  }, 60_000);
});
