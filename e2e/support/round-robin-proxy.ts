import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = {
  url: string;
  /** Which upstream (its index) answered each request, in order: `GET /api/events` → 2, … */
  routed: { method: string; url: string; upstream: number }[];
  close: () => Promise<void>;
};

/**
 * A load balancer as small as it gets: each request goes to the next upstream in turn, skipping
 * one that refuses the connection (a process that was killed), and answers stream through as they
 * come, unbuffered, so an event stream stays live. What a deployment's nginx or Caddy does.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const routed: RoundRobinProxy['routed'] = [];

  const forward = (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    body: Buffer,
    tries: number,
  ) => {
    const index = next % upstreams.length;
    next += 1;
    const target = new URL(request.url ?? '/', upstreams[index]);
    const upstream = http.request(
      target,
      { method: request.method, headers: { ...request.headers, host: target.host }, agent: false },
      (answer) => {
        routed.push({ method: request.method ?? 'GET', url: request.url ?? '/', upstream: index });
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        // The process went away mid-answer: the client sees its connection end, as behind a real proxy.
        answer.on('error', () => response.destroy());
        answer.on('aborted', () => response.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (!response.headersSent && error.code === 'ECONNREFUSED' && tries < upstreams.length) {
        forward(request, response, body, tries + 1);
      } else if (!response.headersSent) {
        response.writeHead(502).end();
      } else {
        response.destroy();
      }
    });
    response.on('close', () => upstream.destroy());
    upstream.end(body);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, response, Buffer.concat(chunks), 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
