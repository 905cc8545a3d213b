import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';

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

function ownerPid(folder: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(join(folder, OWNER_FILE), 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

const inUseMessage = (folder: string, pid: number | null) =>
  `The data folder ${folder} is in use by another Funil process${pid ? ` (pid ${pid})` : ''}. ` +
  'The embedded database can be opened by one process at a time: stop that process first ' +
  '(the server: Ctrl+C in its terminal, or your service manager), then run this command again.';

const isLocked = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ELOCKED';

/**
 * Holds DATA_DIR for this process while it has the embedded database open, so that a second
 * process — another server, `seed:demo`, `user:create` — refuses at once instead of opening the
 * same PGlite files (two writers corrupt them, and one process's writes stay invisible to the
 * other's cache). Returns the release function; the lock also goes when the process exits.
 *
 * The lock is proper-lockfile's (an atomic mkdir of DATA_DIR/db.lock), and DATA_DIR/db.owner names
 * the holder's pid. Whether a lock is abandoned is decided by that pid, not by the lock's age:
 * PGlite runs in WebAssembly on the main thread, and a long operation (initdb, a large migration)
 * can hold the event loop for seconds, so a live server may not refresh its lock in time. A lock
 * whose owner is dead (a crash, a kill -9) is taken over within about two seconds.
 */
export async function holdDataDir(dataDir: string): Promise<() => Promise<void>> {
  const folder = resolve(dataDir);
  const target = join(folder, 'db');
  const options = {
    // Age plays no part while the owner lives (see above); these only bound the refresh work.
    stale: 60 * 60_000,
    update: 30_000,
    realpath: false,
    lockfilePath: join(folder, 'db.lock'),
    onCompromised: (error: Error) => {
      console.error(`Funil: the lock on ${folder} could not be refreshed (${error.message}).`);
    },
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(target, options);
  } catch (error) {
    if (!isLocked(error)) throw error;
    const pid = ownerPid(folder);
    if (pid !== null && isAlive(pid)) throw new DataDirInUseError(inUseMessage(folder, pid));
    // The owner is gone: its lock counts as abandoned once it has not been touched for 2 s.
    try {
      release = await lockfile.lock(target, {
        ...options,
        stale: 2_000,
        update: 1_000,
        retries: { retries: 5, factor: 1, minTimeout: 1_000 },
      });
    } catch (retryError) {
      if (!isLocked(retryError)) throw retryError;
      throw new DataDirInUseError(inUseMessage(folder, ownerPid(folder)));
    }
  }
  writeFileSync(join(folder, OWNER_FILE), String(process.pid));
  return release;
}
