import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

const POLL_INTERVAL_MS = 250;

/**
 * Resolves once `GET {baseURL}/api/health` answers 200. Fails at once when the server process
 * given exits first (a bad configuration, a port taken), and after `timeoutMs` otherwise.
 */
export async function waitForHealth(
  baseURL: string,
  {
    timeoutMs,
    server,
    pollIntervalMs = POLL_INTERVAL_MS,
  }: { timeoutMs: number; server?: ChildProcess; pollIntervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) {
      throw new Error(`the server exited with code ${server.exitCode} before ${baseURL} answered`);
    }
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, pollIntervalMs));
  }
  throw new Error(`${baseURL}/api/health did not answer within ${timeoutMs} ms`);
}

/** Asks the server to stop as a service manager would (SIGTERM) and waits until it has exited. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
}
