// `npm start`: build whatever is missing or older than its sources, then run the server in THIS
// process (one Node process serves the SPA and the API; no supervisor in between).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');

const targets = [
  {
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ],
  },
  {
    workspace: 'apps/api',
    output: 'apps/api/dist/server.js',
    sources: ['apps/api/src', 'apps/api/build.mjs', 'packages/shared/src'],
  },
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function isStale({ output, sources }) {
  const outputPath = join(root, output);
  if (!existsSync(outputPath)) return true;
  const builtAt = statSync(outputPath).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > builtAt);
}

/**
 * Two launchers started at once (the end-to-end suite's servers) would both find the build stale
 * and both rebuild, each into the other's output. The rebuild is done under a lock: a file created
 * only if absent (`wx`), holding the builder's pid. The other launcher waits for it to go (up to
 * LOCK_WAIT_MS), then checks again and finds the build fresh. A lock whose pid is no longer
 * running (a launcher killed mid-build) is stale and taken over.
 */
const LOCK_FILE = join(root, 'node_modules/.cache/funil-start-build.lock');
const LOCK_WAIT_MS = 10 * 60_000;

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return error.code === 'EPERM';
  }
}

/** The lock's content (the holder's pid), or undefined once it is gone. */
function readLock() {
  try {
    return readFileSync(LOCK_FILE, 'utf8');
  } catch {
    return undefined;
  }
}

async function takeBuildLock() {
  mkdirSync(dirname(LOCK_FILE), { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  let announced = false;
  for (;;) {
    try {
      writeFileSync(LOCK_FILE, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const content = readLock();
    // Removed meanwhile: try again at once.
    if (content === undefined) continue;
    const holder = Number(content);
    // A pid not written yet reads as 0 (the file exists, empty): not stale, wait for it.
    if (Number.isInteger(holder) && holder > 0 && !isRunning(holder)) {
      // Unless another waiter has just taken it over (a new pid in it).
      if (Number(readLock()) === holder) {
        console.log(`Removing a stale build lock (pid ${holder} is gone).`);
        rmSync(LOCK_FILE, { force: true });
      }
      continue;
    }
    if (Date.now() > deadline) {
      console.error(
        `Another launcher (pid ${holder}) still holds ${LOCK_FILE} after ${LOCK_WAIT_MS / 1000} s.`,
      );
      process.exit(1);
    }
    if (!announced) console.log(`Waiting for another launcher's build (pid ${holder})...`);
    announced = true;
    await sleep(200);
  }
}

/** Builds a workspace; answers whether it succeeded. */
function build(target) {
  console.log(`Building ${target.workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status === 0) return true;
  console.error(`Build of ${target.workspace} failed (exit ${result.status}).`);
  return false;
}

if (targets.some(isStale)) {
  await takeBuildLock();
  // Checked again under the lock: another launcher may have just built it.
  const built = targets.every((target) => !isStale(target) || build(target));
  rmSync(LOCK_FILE, { force: true });
  if (!built) process.exit(1);
}

await import(pathToFileURL(join(root, 'apps/api/dist/server.js')).href);
