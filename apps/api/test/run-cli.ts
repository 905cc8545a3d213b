import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

export type CliRun = { code: number; stdout: string; stderr: string; ms: number };

/**
 * Runs one of the API's command-line entries (`src/cli/user-create.ts`, `src/db/seed-demo.ts`) as
 * its own Node process, as `npm run user:create` does, with `env` added to a clean environment.
 */
export function runCli(entry: string, args: string[], env: Record<string, string>): Promise<CliRun> {
  const started = Date.now();
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', entry, ...args],
      {
        cwd: apiRoot,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, stdout, stderr, ms: Date.now() - started });
      },
    );
  });
}
