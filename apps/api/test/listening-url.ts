import type { AddressInfo } from 'node:net';
import type { App } from '../src/app';

/** The base URL of an app listening on a free local port (listening starts on first call). */
export async function listeningUrl(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}
