import type { ServerResponse } from 'node:http';

/** One event as written on the wire, built once per process and sent to every stream. */
export type WireEvent = { id: number; chunk: string };

export const toWireEvent = (event: { id: number; type: string; data: string }): WireEvent => ({
  id: event.id,
  chunk: `id: ${event.id}\nevent: ${event.type}\ndata: ${event.data}\n\n`,
});

/** Consecutive events, and all of them as one chunk (written at once to a stream that needs them all). */
export type WireBatch = { events: WireEvent[]; chunk: string };

export const toWireBatch = (events: WireEvent[]): WireBatch => ({
  events,
  chunk: events.map((event) => event.chunk).join(''),
});

export type EventStreamOwner = { sessionId: string; userId: string };

/**
 * One open `GET /api/events` answer. It sends each event once, in id order, and never one the
 * client already has (`sentId`, from its Last-Event-ID). While the missed events are being replayed
 * from the log, live ones wait in `held`. A client that reads slower than events come (its unsent
 * bytes pass `maxBufferedBytes`) is cut off: it reconnects with its Last-Event-ID and catches up
 * from the log, instead of this process holding an ever-growing queue for it.
 */
export class EventStream {
  sentId: number;
  readonly owner: EventStreamOwner;
  readonly #raw: ServerResponse;
  readonly #maxBufferedBytes: number;
  #held: WireEvent[] | null = null;
  #ended = false;
  readonly #onEnd: () => void;

  constructor(
    raw: ServerResponse,
    options: { owner: EventStreamOwner; sentId: number; maxBufferedBytes: number; onEnd: () => void },
  ) {
    this.#raw = raw;
    this.owner = options.owner;
    this.sentId = options.sentId;
    this.#maxBufferedBytes = options.maxBufferedBytes;
    this.#onEnd = options.onEnd;
    raw.on('close', () => this.end());
  }

  get isEnded(): boolean {
    return this.#ended;
  }

  /** A live event: written now, or kept until `release` while the log is being replayed. */
  send(event: WireEvent): void {
    if (this.#held) {
      if (!this.#ended) this.#held.push(event);
      return;
    }
    this.replay(event);
  }

  /**
   * An event read from the log for this stream: written now, even while live events are held
   * (they come after it, and are released in order once the replay is done).
   */
  replay(event: WireEvent): void {
    if (this.#ended || event.id <= this.sentId) return;
    this.sentId = event.id;
    this.#write(event.chunk);
  }

  /** The batch's events, in one write when the stream is live and has none of them yet. */
  sendBatch(batch: WireBatch): void {
    const first = batch.events[0];
    const last = batch.events.at(-1);
    if (!first || !last || this.#ended) return;
    if (this.#held || first.id <= this.sentId) {
      for (const event of batch.events) this.send(event);
      return;
    }
    this.sentId = last.id;
    this.#write(batch.chunk);
  }

  /** Live events wait from now until `release`, while the log is replayed with `replay`. */
  hold(): void {
    this.#held ??= [];
  }

  release(): void {
    const held = this.#held ?? [];
    this.#held = null;
    // Those the replay already wrote are skipped (their ids are not above sentId).
    for (const event of held) this.replay(event);
  }

  /** "Reload your lists": the events after the client's id are gone; it goes on from `id`. */
  sendReset(id: number): void {
    this.sentId = id;
    this.#write(`id: ${id}\nevent: reset\ndata: {"type":"reset"}\n\n`);
  }

  ping(): void {
    this.#write(': ping\n\n');
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#held = null;
    if (!this.#raw.writableEnded) this.#raw.end();
    // The connection goes with the stream (a client reconnects on a new one anyway): left open,
    // a socket whose client vanished mid-stream would keep the server from closing.
    this.#raw.socket?.destroySoon();
    this.#onEnd();
  }

  #write(chunk: string): void {
    if (this.#ended) return;
    this.#raw.write(chunk);
    if (this.#raw.writableLength > this.#maxBufferedBytes) this.end();
  }
}
