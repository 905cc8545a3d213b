// What the machine's processes cost while the benchmark runs, read from /proc (Linux).
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** A process's resident memory in bytes (VmRSS), 0 when it cannot be read. */
export function residentBytes(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((candidate) => candidate.startsWith('VmRSS:'));
    return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

const commandOf = (pid: string): string => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

/** CPU seconds used by every PostgreSQL process of this machine (its backends included). */
function postgresCpuSeconds(): number {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && commandOf(entry) === 'postgres')
    .reduce((sum, pid) => sum + cpuSeconds(pid), 0);
}

/** Busy CPU seconds of the whole machine (every core), from /proc/stat. */
function machineBusySeconds(): number {
  const [, ...values] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  const ticks = values.map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return (ticks.reduce((sum, value) => sum + value, 0) - idle) / TICKS_PER_SECOND;
}

export type CpuShares = { servers: number; postgres: number; client: number; machine: number };

/**
 * Starts counting; the function answers each party's CPU since then, in cores (1.0 = one core
 * busy the whole time): the API processes, PostgreSQL, this benchmark's own process, the machine.
 */
export function startCpuCount(serverPids: number[]): () => CpuShares {
  const servers = () => serverPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const client = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  };
  const before = { servers: servers(), postgres: postgresCpuSeconds(), client: client() };
  const machine = machineBusySeconds();
  const started = performance.now();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const share = (value: number) => Math.round((value / seconds) * 100) / 100;
    return {
      servers: share(servers() - before.servers),
      postgres: share(postgresCpuSeconds() - before.postgres),
      client: share(client() - before.client),
      machine: share(machineBusySeconds() - machine),
    };
  };
}
