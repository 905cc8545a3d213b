import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  createDatabase,
  dropDatabase,
  findFreePort,
  funilServerEnv,
  stopServer,
  waitForHealth,
} from '@funil/test-server';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy';

const repoRoot = resolve(import.meta.dirname, '..', '..');

export type ClusterProcess = { url: string; dataDir: string; child: ChildProcess };

export type Cluster = {
  /** The proxy's address: what the browsers and clients use. */
  url: string;
  /** The database every process shares. */
  databaseUrl: string;
  proxy: RoundRobinProxy;
  processes: ClusterProcess[];
  /** Kills a process at once, as a crash or a lost machine would (SIGKILL). */
  kill: (index: number) => Promise<void>;
  stop: () => Promise<void>;
};

/** A new empty database on the PostgreSQL server of `serverUrl`; `drop()` removes it. */
async function createClusterDatabase(serverUrl: string) {
  const name = `funil_cluster_${Date.now()}_${process.pid}`;
  const url = await createDatabase(serverUrl, name);
  return { url, drop: () => dropDatabase(serverUrl, name) };
}

/**
 * Several API processes as the README deploys them: each started with `npm start`'s script, on a
 * port and a data folder of its own, all on one new PostgreSQL database, with no JWT_SECRET (they
 * must share the key through the database), behind a round-robin proxy.
 */
export async function startCluster(serverUrl: string, size = 3): Promise<Cluster> {
  const database = await createClusterDatabase(serverUrl);
  const processes: ClusterProcess[] = [];
  for (let index = 0; index < size; index += 1) {
    const port = await findFreePort();
    const dataDir = mkdtempSync(join(tmpdir(), `funil-cluster-${index}-`));
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...funilServerEnv({ port, dataDir, databaseUrl: database.url }),
        JWT_SECRET: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    processes.push({ url: `http://127.0.0.1:${port}`, dataDir, child });
  }
  await Promise.all(
    processes.map(({ url, child }) => waitForHealth(url, { timeoutMs: 120_000, server: child })),
  );
  const proxy = await startRoundRobinProxy(processes.map((process) => process.url));
  return {
    url: proxy.url,
    databaseUrl: database.url,
    proxy,
    processes,
    kill: async (index) => {
      const child = processes[index]?.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      await proxy.close();
      await Promise.all(processes.map(({ child }) => stopServer(child)));
      await database.drop();
    },
  };
}
