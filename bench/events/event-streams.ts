import http, { type ClientRequest } from 'node:http';
import { createParser } from 'eventsource-parser';
import { epochNow } from './lead-writers';

/**
 * One open `GET /api/events`, kept light so 200 of them fit beside the server on two cores: each
 * event's id and the moment it was parsed (epochNow()), nothing else — only a stream given
 * `onData` hands the event's JSON on (the benchmark's probe, which ties events to writes).
 */
export type EventTap = {
  ids: number[];
  receivedAt: number[];
  /** How many times the server ended the stream and it reconnected with Last-Event-ID. */
  readonly reconnects: number;
  close: () => void;
};

/**
 * Opens the stream; when the server ends it (it cuts off a client that reads slower than events
 * come), it reconnects at once with Last-Event-ID, as a browser's EventSource does, and the server
 * replays what it missed from the log. Resolves once the first connection is attached.
 */
export async function openTap(
  baseUrl: string,
  token: string,
  onData?: (id: number, data: string, receivedAt: number) => void,
): Promise<EventTap> {
  const ids: number[] = [];
  const receivedAt: number[] = [];
  let reconnects = 0;
  let closed = false;
  let request: ClientRequest | undefined;
  const connect = () =>
    new Promise<void>((resolve, reject) => {
      const parser = createParser({
        onEvent: (message) => {
          const at = epochNow();
          const id = Number(message.id);
          ids.push(id);
          receivedAt.push(at);
          onData?.(id, message.data, at);
        },
      });
      const last = ids.at(-1);
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (last !== undefined) headers['last-event-id'] = String(last);
      let ended = false;
      const again = () => {
        if (ended || closed) return;
        ended = true;
        reconnects += 1;
        connect().catch(() => undefined);
      };
      request = http.get(`${baseUrl}/api/events`, { headers, agent: false }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET /api/events: ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        // Answered once the first line (": connected") is in: the stream is attached by then.
        response.once('data', () => resolve());
        response.on('data', (chunk: string) => parser.feed(chunk));
        response.on('end', again);
        response.on('close', again);
        response.on('error', again);
      });
      request.on('error', reject);
    });
  await connect();
  return {
    ids,
    receivedAt,
    get reconnects() {
      return reconnects;
    },
    close: () => {
      closed = true;
      request?.destroy();
    },
  };
}

/** `count` taps spread round-robin over `baseUrls`, opened a few at a time. */
export async function openTaps(
  baseUrls: string[],
  token: string,
  count: number,
  probe?: (id: number, data: string, receivedAt: number) => void,
): Promise<EventTap[]> {
  const taps: EventTap[] = [];
  const AT_ONCE = 50;
  for (let first = 0; first < count; first += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, count - first) }, (_, offset) => {
      const index = first + offset;
      return openTap(baseUrls[index % baseUrls.length] ?? '', token, index === 0 ? probe : undefined);
    });
    taps.push(...(await Promise.all(batch)));
  }
  return taps;
}
