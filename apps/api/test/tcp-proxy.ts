import { once } from 'node:events';
import net from 'node:net';

/**
 * A TCP hop between the app and its PostgreSQL, on a free loopback port, that a test can break the
 * way networks and servers break: `refuse()` drops every connection and refuses new ones (a server
 * that went down), `stall()` lets connections in but carries no byte either way (a server or a
 * link that hangs), `restore()` carries traffic again. Connections held during a stall are dropped
 * when it ends, as a peer that timed out would.
 */
export class TcpProxy {
  readonly #target: { host: string; port: number };
  readonly #pairs = new Set<{ client: net.Socket; server: net.Socket | null }>();
  #server: net.Server | null = null;
  #port = 0;
  #stalled = false;

  private constructor(target: { host: string; port: number }) {
    this.#target = target;
  }

  /** Listens on a free port and forwards to `target`. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await proxy.#listen(0);
    return proxy;
  }

  get port(): number {
    return this.#port;
  }

  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.#port);
    return url.toString();
  }

  /** Drops every connection and closes the port: connecting is refused until `restore()`. */
  async refuse(): Promise<void> {
    this.#dropAll();
    const server = this.#server;
    this.#server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Connections open and stay open, but nothing passes, either way, until `restore()`. */
  stall(): void {
    this.#stalled = true;
    for (const { client, server } of this.#pairs) {
      client.unpipe();
      server?.unpipe();
      client.pause();
      server?.pause();
    }
  }

  /** Traffic flows again on the same port; connections held by a stall are dropped. */
  async restore(): Promise<void> {
    if (this.#stalled) {
      this.#stalled = false;
      this.#dropAll();
    }
    if (!this.#server) await this.#listen(this.#port);
  }

  async close(): Promise<void> {
    await this.refuse();
  }

  #dropAll(): void {
    for (const { client, server } of this.#pairs) {
      client.destroy();
      server?.destroy();
    }
    this.#pairs.clear();
  }

  async #listen(port: number): Promise<void> {
    const server = net.createServer((client) => this.#accept(client));
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    this.#server = server;
    this.#port = (server.address() as net.AddressInfo).port;
  }

  #accept(client: net.Socket): void {
    const pair: { client: net.Socket; server: net.Socket | null } = { client, server: null };
    this.#pairs.add(pair);
    const drop = () => {
      client.destroy();
      pair.server?.destroy();
      this.#pairs.delete(pair);
    };
    client.on('error', drop);
    client.on('close', drop);
    if (this.#stalled) {
      client.pause();
      return;
    }
    const server = net.connect(this.#target.port, this.#target.host);
    pair.server = server;
    server.on('error', drop);
    server.on('close', drop);
    client.pipe(server);
    server.pipe(client);
  }
}
