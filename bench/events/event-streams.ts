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
  close: () => void;
  /** True once the server ended the stream or the connection dropped. */
  readonly ended: boolean;
};

export async function openTap(
  baseUrl: string,
  token: string,
  onData?: (id: number, data: string, receivedAt: number) => void,
): Promise<EventTap> {
  const ids: number[] = [];
  const receivedAt: number[] = [];
  let ended = false;
  let request: ClientRequest | undefined;
  const parser = createParser({
    onEvent: (message) => {
      const at = epochNow();
      const id = Number(message.id);
      ids.push(id);
      receivedAt.push(at);
      onData?.(id, message.data, at);
    },
  });
  await new Promise<void>((resolve, reject) => {
    request = http.get(
      `${baseUrl}/api/events`,
      { headers: { authorization: `Bearer ${token}` }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET /api/events: ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        // Answered once the first line (": connected") is in: the stream is attached by then.
        response.once('data', () => resolve());
        response.on('data', (chunk: string) => parser.feed(chunk));
        const finish = () => {
          ended = true;
        };
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    request.on('error', reject);
  });
  return {
    ids,
    receivedAt,
    close: () => request?.destroy(),
    get ended() {
      return ended;
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
