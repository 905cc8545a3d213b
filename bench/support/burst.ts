import http from 'node:http';

export type BurstRequest = { method: string; path: string; body?: unknown };

export type BurstAnswer = { status: number; ms: number; body: string };

export type BurstResult = {
  answers: BurstAnswer[];
  /** From the first request written to the last answer read. */
  wallMs: number;
};

/** One request on `agent`, its status, its body and its time from writing to the answer's end. */
function send(
  agent: http.Agent,
  baseUrl: string,
  token: string,
  { method, path, body }: BurstRequest,
): Promise<BurstAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      new URL(path, baseUrl),
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    // A refused or broken connection counts as status 0, not as a crash of the benchmark.
    request.on('error', (error) =>
      resolve({ status: 0, ms: performance.now() - started, body: String(error) }),
    );
    request.end(payload);
  });
}

/**
 * Every request at once, each on its own connection: the connections are opened first (a GET
 * /api/health each, kept alive), so the burst itself is written in one go on open sockets and
 * measures the server, not TCP handshakes.
 */
export async function burst(baseUrl: string, token: string, requests: BurstRequest[]): Promise<BurstResult> {
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: requests.length,
    maxFreeSockets: requests.length,
  });
  try {
    await Promise.all(
      requests.map(() => send(agent, baseUrl, token, { method: 'GET', path: '/api/health' })),
    );
    const started = performance.now();
    const answers = await Promise.all(requests.map((request) => send(agent, baseUrl, token, request)));
    return { answers, wallMs: performance.now() - started };
  } finally {
    agent.destroy();
  }
}

/** The value at `fraction` (0–1) of sorted `values`, nearest rank. */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0;
}
