import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAKE_AI_CONTROL_PATH, type FakeAiControl, serveControl } from './fake-ai-control';

/**
 * What a fake AI provider does with a request:
 * - `text`: answers `text` (streamed as `chunks` pieces, default 3, when the request streams);
 * - `empty`: answers no text at all (a normal, finished answer);
 * - `error`: answers `status` with `body` (the provider's own error text);
 * - `cut`: streams `afterChunks` of the pieces (default 1) and then destroys the socket
 *   (a non-streaming request is cut before any byte);
 * - `stall`: streams `afterChunks` of the pieces (default 1) and then writes nothing more, the
 *   connection left open (a non-streaming request gets no answer);
 * - `hang`: never answers (the caller's timeout or disconnect must end it).
 * `delayMs` waits that long before answering.
 */
export type FakeAiReply =
  | { type: 'text'; text: string; chunks?: number; delayMs?: number }
  | { type: 'empty'; delayMs?: number }
  | { type: 'error'; status: number; body: string; delayMs?: number }
  | { type: 'cut'; text: string; chunks?: number; afterChunks?: number; delayMs?: number }
  | { type: 'stall'; text: string; chunks?: number; afterChunks?: number; delayMs?: number }
  | { type: 'hang' };

/** A request the fake provider received. `closedByClient` turns true if the caller hung up first. */
export type FakeAiRequest = {
  method: string;
  /** Path and query, e.g. `/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The JSON body as sent. */
  body: unknown;
  /** Whether the request asked for a streamed answer. */
  stream: boolean;
  closedByClient: boolean;
};

/** How one provider's protocol reads a request and writes answers (Gemini's, OpenAI's). */
export type FakeAiProtocol = {
  /** Whether the request streams, or null when the path is not one the provider serves. */
  streams: (path: string, body: unknown) => boolean | null;
  /** The JSON body of a non-streamed answer. */
  answer: (text: string) => unknown;
  /** The JSON events of a streamed answer of these pieces (none: an empty answer). */
  events: (pieces: string[]) => unknown[];
  /** Raw SSE data written after the events (OpenAI's `[DONE]`). */
  trailer: string[];
};

export const DEFAULT_FAKE_AI_TEXT = 'Resposta do modelo de teste.';

/** `text` in `count` pieces of about the same length (never an empty piece). */
export function splitText(text: string, count = 3): string[] {
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, count)));
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

const sse = (data: string) => `data: ${data}\n\n`;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

async function answer(
  protocol: FakeAiProtocol,
  reply: FakeAiReply,
  recorded: FakeAiRequest,
  response: ServerResponse,
) {
  if (reply.type === 'hang') return;
  if (reply.delayMs) await wait(reply.delayMs);
  if (response.destroyed) return;
  if (reply.type === 'error') {
    response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    return;
  }
  const pieces = reply.type === 'empty' ? [] : splitText(reply.text, reply.chunks);
  if (!recorded.stream) {
    if (reply.type === 'cut') response.destroy();
    if (reply.type === 'cut' || reply.type === 'stall') return;
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(protocol.answer(pieces.join(''))));
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const events = protocol.events(pieces).map((event) => sse(JSON.stringify(event)));
  const stopAt = reply.type === 'cut' || reply.type === 'stall' ? (reply.afterChunks ?? 1) : Infinity;
  for (const [index, event] of events.entries()) {
    if (index >= stopAt) {
      if (reply.type === 'cut') response.destroy();
      return;
    }
    response.write(event);
    // Separate writes, so the caller sees the answer arrive in pieces.
    await wait(5);
  }
  response.end(protocol.trailer.map(sse).join(''));
}

/**
 * A local HTTP server speaking an AI provider's protocol (see startGeminiServer and
 * startOpenAiCompatibleServer). It records every request and answers each with the next reply
 * queued by `next()`, else the one set by `respondWith()` (default: a short text).
 */
export async function startFakeAiServer(protocol: FakeAiProtocol, basePath: string, initial?: FakeAiReply) {
  const requests: FakeAiRequest[] = [];
  const queued: FakeAiReply[] = [];
  let standing: FakeAiReply = initial ?? { type: 'text', text: DEFAULT_FAKE_AI_TEXT };
  const closeWaiters = new Set<(request: FakeAiRequest) => void>();
  const requestWaiters = new Set<() => void>();
  const control: FakeAiControl = {
    respondWith: (reply) => {
      standing = reply;
    },
    next: (...replies) => {
      queued.push(...replies);
    },
    reset: () => {
      requests.length = 0;
      queued.length = 0;
      standing = initial ?? { type: 'text', text: DEFAULT_FAKE_AI_TEXT };
    },
    requests: () => requests,
  };

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readJson(request);
      const path = request.url ?? '/';
      if (path.startsWith(`${FAKE_AI_CONTROL_PATH}/`)) {
        serveControl(control, { method: request.method, path, body }, response);
        return;
      }
      const stream = request.method === 'POST' ? protocol.streams(path, body) : null;
      if (stream === null) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
        return;
      }
      const recorded: FakeAiRequest = {
        method: request.method ?? 'GET',
        path,
        headers: { ...request.headers },
        body,
        stream,
        closedByClient: false,
      };
      requests.push(recorded);
      for (const wake of requestWaiters) wake();
      const reply = queued.shift() ?? standing;
      response.on('close', () => {
        if (response.writableFinished || reply.type === 'cut') return;
        recorded.closedByClient = true;
        for (const resolve of closeWaiters) resolve(recorded);
        closeWaiters.clear();
      });
      await answer(protocol, reply, recorded, response);
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    /** The base address to configure (GEMINI_BASE_URL or OPENAI_BASE_URL). */
    url: `${origin}${basePath}`,
    /** The server's address, for connectFakeAiServer() from another process. */
    origin,
    requests,
    /** The reply to every following request (after those queued by `next`). */
    respondWith: control.respondWith,
    /** Replies for the next requests, one each, in order, before the standing one. */
    next: control.next,
    /** Forgets the recorded requests and queued replies, and answers the default text again. */
    reset: control.reset,
    /**
     * Resolves once `count` requests have arrived (at once if they already have): what a test
     * waits for before acting on a request in progress, instead of polling the list.
     */
    waitForRequests: (count = 1) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (requests.length < count) return;
          requestWaiters.delete(check);
          resolve();
        };
        requestWaiters.add(check);
        check();
      }),
    /** Resolves with the first request whose caller hangs up before its answer is complete. */
    waitForClientClose: (timeoutMs = 5_000) =>
      new Promise<FakeAiRequest>((resolve, reject) => {
        const timer = setTimeout(() => {
          closeWaiters.delete(done);
          reject(new Error(`no client hung up within ${timeoutMs} ms`));
        }, timeoutMs);
        const done = (request: FakeAiRequest) => {
          clearTimeout(timer);
          resolve(request);
        };
        const already = requests.find((request) => request.closedByClient);
        if (already) done(already);
        else closeWaiters.add(done);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeAiServer = Awaited<ReturnType<typeof startFakeAiServer>>;
