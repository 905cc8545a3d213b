import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import { createParser } from 'eventsource-parser';

export type ReceivedEvent = { id: string | undefined; event: string | undefined; data: string };

/**
 * A real client of `GET /api/events` over HTTP: every event it has received, in order, and a way
 * to wait for the ones a test expects. Comments (`: ping`) are counted apart.
 */
export class EventStreamClient {
  readonly events: ReceivedEvent[] = [];
  pings = 0;
  status = 0;
  /** Settles when the server ends the stream (or the connection drops). */
  readonly ended: Promise<void>;
  #resolveEnded!: () => void;
  readonly #waiters = new Set<() => void>();

  private constructor() {
    this.ended = new Promise((resolve) => {
      this.#resolveEnded = resolve;
    });
  }

  /**
   * Opens the stream over a connection of its own (node:http, no agent): closing the client closes
   * that connection, so no pooled socket outlives the test and holds a server open.
   */
  static async open(baseUrl: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
    const client = new EventStreamClient();
    const parser = createParser({
      onEvent: (message) => {
        client.events.push({ id: message.id, event: message.event, data: message.data });
        client.#wake();
      },
      onComment: (comment) => {
        if (comment.trim() === 'ping') client.#notePing();
      },
    });
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = http.get(`${baseUrl}/api/events`, { headers, agent: false }, resolve);
      request.on('error', reject);
      client.#request = request;
    });
    client.status = response.statusCode ?? 0;
    client.contentType = response.headers['content-type'] ?? null;
    response.setEncoding('utf8');
    const isStream = client.status === 200;
    response.on('data', (chunk: string) => {
      if (isStream) parser.feed(chunk);
      else client.body += chunk;
    });
    const finish = () => {
      client.#resolveEnded();
      client.#wake();
    };
    response.on('end', finish);
    response.on('close', finish);
    response.on('error', finish);
    if (!isStream) await client.ended;
    return client;
  }

  contentType: string | null = null;
  body = '';
  #request: ClientRequest | undefined;

  #notePing(): void {
    this.pings += 1;
    this.#wake();
  }

  #wake(): void {
    for (const waiter of this.#waiters) waiter();
  }

  /** Resolves once `isDone()` holds (checked after each message); rejects after `timeoutMs`. */
  async until(isDone: () => boolean, timeoutMs = 5_000): Promise<void> {
    if (isDone()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(
          new Error(
            `event stream: condition not met within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`,
          ),
        );
      }, timeoutMs);
      const check = () => {
        if (!isDone()) return;
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve();
      };
      this.#waiters.add(check);
    });
  }

  /** Waits for `count` events of `type` (e.g. 'lead.updated') and answers their parsed data. */
  async waitFor<T = Record<string, unknown>>(type: string, count = 1, timeoutMs?: number): Promise<T[]> {
    const matching = () => this.events.filter((event) => event.event === type);
    await this.until(() => matching().length >= count, timeoutMs);
    return matching().map((event) => JSON.parse(event.data) as T);
  }

  close(): void {
    this.#request?.destroy();
  }
}
