import { afterAll, describe, expect, it } from 'vitest';
import { tempDir, testDbKind } from '../build-test-app';
import { type ServerProcess, startServerProcess } from './server-process';

/**
 * The log destination gathers lines and writes them together (a busy server makes one write for
 * many requests); a quiet server's line must still reach the log on its own, within about a
 * second, not wait for others to fill the buffer. The engine plays no part: PGlite only.
 */
describe.runIf(testDbKind() === 'pglite')('the JSON log of a quiet server', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  it(
    "writes a lone request's line within about a second, while the server runs",
    { timeout: 60_000 },
    async () => {
      server = await startServerProcess({ dataDir: tempDir(), env: { LOG_LEVEL: 'info' } });
      const running = server;
      const response = await fetch(`${running.baseURL}/api/rota-que-nao-existe`);
      expect(response.status).toBe(404);
      // Its line alone cannot fill the buffer: only the periodic flush can write it.
      await expect
        .poll(() => running.output().includes('/api/rota-que-nao-existe'), { timeout: 5_000, interval: 50 })
        .toBe(true);
      expect(running.child.exitCode).toBeNull();
    },
  );
});
