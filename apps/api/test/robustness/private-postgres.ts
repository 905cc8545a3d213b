import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from '@funil/test-server';
import pg from 'pg';

const run = promisify(execFile);

const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
/** PostgreSQL refuses to run as root: as root, its commands run as this system user. */
const POSTGRES_USER = 'postgres';

/** How long a start may take, crash recovery included. */
const START_TIMEOUT_MS = 30_000;

/**
 * A PostgreSQL cluster of a test's own, in a temporary folder, on a free port, that the test may
 * restart or kill like an operator or a crash would, without touching the shared server the other
 * tests use. Its unix socket lives in the same folder.
 */
export type PrivatePostgres = {
  /** `postgres://postgres@127.0.0.1:<port>/<database>` */
  url: (database?: string) => string;
  /** `pg_ctl restart -m fast`: active connections are ended, the server stops and starts again. */
  restartFast: () => Promise<void>;
  /** SIGKILL to the postmaster, as a crash or the OOM killer would: nothing is shut down cleanly. */
  killPostmaster: () => void;
  /** Starts the server again (after a kill: crash recovery), retrying while the old one's backends linger. */
  start: () => Promise<void>;
  /** Stops it at once and removes its files. */
  destroy: () => Promise<void>;
  /** The server's log, for a failure's message. */
  log: () => string;
};

const isRoot = () => userInfo().uid === 0;

/** Runs one of PostgreSQL's programs, as the postgres user when we are root. */
async function postgresCommand(program: string, args: string[]): Promise<string> {
  const [command, commandArgs] = isRoot()
    ? ['runuser', ['-u', POSTGRES_USER, '--', join(POSTGRES_BIN, program), ...args]]
    : [join(POSTGRES_BIN, program), args];
  const { stdout } = await run(command, commandArgs, { timeout: START_TIMEOUT_MS });
  return stdout;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'funil-pg-'));
  if (isRoot()) {
    const { uid, gid } = await systemUser(POSTGRES_USER);
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const port = await findFreePort();
  await postgresCommand('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses='127.0.0.1'"].join(' ');
  const pgCtl = (...args: string[]) => postgresCommand('pg_ctl', ['-D', data, '-l', logFile, ...args]);
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;

  const start = async () => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      try {
        await pgCtl('-o', options, '-w', '-t', '30', 'start');
        return;
      } catch (error) {
        // After a SIGKILL the old postmaster's backends hold its shared memory for a moment
        // ("pre-existing shared memory block is still in use"): try again until they are gone.
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  await start();

  return {
    url,
    restartFast: async () => {
      await pgCtl('-o', options, '-m', 'fast', '-w', '-t', '30', 'restart');
    },
    killPostmaster: () => {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
    },
    start,
    destroy: async () => {
      await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
  };
}

async function systemUser(name: string): Promise<{ uid: number; gid: number }> {
  const { stdout: uid } = await run('id', ['-u', name]);
  const { stdout: gid } = await run('id', ['-g', name]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/** Creates a database on the cluster (Funil's server migrates it when it starts). */
export async function createPrivateDatabase(cluster: PrivatePostgres, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url() });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  return cluster.url(name);
}

/** Whether the cluster accepts a connection and answers now (a short connect timeout). */
export async function answers(cluster: PrivatePostgres): Promise<boolean> {
  const client = new pg.Client({ connectionString: cluster.url(), connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
