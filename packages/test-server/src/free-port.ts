import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Asks the system for a free TCP port on 127.0.0.1: listen on port 0, print the port the system
 * chose, close. It runs in a child Node process so that a caller that must stay synchronous (the
 * Playwright config, evaluated before any test starts) can use the very same probe as the others.
 * The port is written raw: console.log colours numbers when FORCE_COLOR is set, as test runners do.
 */
const PROBE = [
  "const probe = require('node:net').createServer();",
  "probe.once('error', (error) => { console.error(error.message); process.exit(1); });",
  "probe.listen(0, '127.0.0.1', () => { const { port } = probe.address(); probe.close(() => process.stdout.write(String(port))); });",
].join('\n');

// The caller's NODE_OPTIONS (a test runner's module loader, say) would only slow the probe down.
function probeEnvironment(): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _callerOptions, ...environment } = process.env;
  return environment;
}

function toPort(output: string): number {
  const port = Number(output.trim());
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no free port found (probe said "${output}")`);
  return port;
}

export function findFreePortSync(): number {
  return toPort(execFileSync(process.execPath, ['-e', PROBE], { encoding: 'utf8', env: probeEnvironment() }));
}

export async function findFreePort(): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', PROBE], {
    encoding: 'utf8',
    env: probeEnvironment(),
  });
  return toPort(stdout);
}
