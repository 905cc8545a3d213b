// `npm start`: build whatever is missing or older than its sources, then run the server in THIS
// process (one Node process serves the SPA and the API; no supervisor in between).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

for (const target of targets) {
  if (!isStale(target)) continue;
  console.log(`Building ${target.workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Build of ${target.workspace} failed (exit ${result.status}).`);
    process.exit(1);
  }
}

await import(pathToFileURL(join(root, 'apps/api/dist/server.js')).href);
