import { createServer as createHttpServer, type OutgoingHttpHeaders } from 'node:http';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A local peer that goes silent. `requests` counts the connections on which a request arrived (its
 * first bytes): a client's connection opened ahead of need, with nothing sent on it, is no request.
 */
export type SilentPeer = {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Connections on which a request has arrived so far. */
  requests: () => number;
  /** Resolves once requests have arrived on `count` connections in all. */
  received: (count: number) => Promise<void>;
  close: () => Promise<void>;
};

async function listen(server: Server, sockets: Set<Socket>): Promise<SilentPeer> {
  let requests = 0;
  const waiters = new Set<() => void>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => sockets.delete(socket));
    socket.once('data', () => {
      requests += 1;
      for (const waiter of [...waiters]) waiter();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    received: (count) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (requests < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Accepts connections, reads whatever comes, and never writes a byte. */
export function startSilentServer(): Promise<SilentPeer> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => socket.resume());
  return listen(server, sockets);
}

/**
 * Answers every request with a status and headers at once (flushed), then writes nothing more and
 * never ends the answer.
 */
export function startHeadersThenSilentServer(
  status = 200,
  headers: OutgoingHttpHeaders = { 'content-type': 'application/json' },
): Promise<SilentPeer> {
  const sockets = new Set<Socket>();
  const server = createHttpServer((request, response) => {
    request.resume();
    response.writeHead(status, headers);
    response.flushHeaders();
  });
  return listen(server, sockets);
}
