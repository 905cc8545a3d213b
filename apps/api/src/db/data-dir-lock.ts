import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';

/** A lock older than this without a refresh belongs to a process that is gone. */
const STALE_MS = 10_000;
const REFRESH_MS = 2_000;
const OWNER_FILE = 'db.owner';

/** Another live process holds the data folder; the message says what to do. */
export class DataDirInUseError extends Error {}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user; only ESRCH means gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function ownerPid(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(join(dataDir, OWNER_FILE), 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

const inUseMessage = (dataDir: string, pid: number | null) =>
  `The data folder ${dataDir} is in use by another Funil process${pid ? ` (pid ${pid})` : ''}. ` +
  'The embedded database can be opened by one process at a time: stop that process first ' +
  '(the server: Ctrl+C in its terminal, or your service manager), then run this command again.';

/**
 * Holds DATA_DIR for this process while it has the embedded database open, so that a second
 * process — another server, `seed:demo`, `user:create` — refuses at once instead of opening the
 * same PGlite files (two writers corrupt them; and a second process's writes would stay invisible
 * to the first). The lock is a directory that proper-lockfile refreshes every 2 s; a process that
 * died leaves one that goes stale after 10 s, and a start that finds the owner gone waits for that
 * rather than refusing. Returns the release function.
 */
export async function holdDataDir(
  dataDir: string,
  { staleMs = STALE_MS }: { staleMs?: number } = {},
): Promise<() => Promise<void>> {
  const folder = resolve(dataDir);
  const target = join(folder, 'db');
  const options = {
    stale: staleMs,
    update: Math.min(REFRESH_MS, staleMs / 2),
    realpath: false,
    lockfilePath: join(folder, 'db.lock'),
    onCompromised: (error: Error) => {
      // The refresh fell behind (the machine slept, the disk stalled) and the lock may have been
      // taken over: stop rather than write beside another process.
      console.error(`Lost the lock on ${folder}: ${error.message}. Stopping.`);
      process.exit(1);
    },
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(target, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const pid = ownerPid(folder);
    if (pid !== null && isAlive(pid)) throw new DataDirInUseError(inUseMessage(folder, pid));
    // The owner is gone (a crash): its lock turns stale within staleMs.
    try {
      release = await lockfile.lock(target, {
        ...options,
        retries: { retries: Math.ceil(staleMs / 1000) + 2, factor: 1, minTimeout: 1000 },
      });
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code !== 'ELOCKED') throw retryError;
      throw new DataDirInUseError(inUseMessage(folder, ownerPid(folder)));
    }
  }
  writeFileSync(join(folder, OWNER_FILE), String(process.pid));
  return release;
}
