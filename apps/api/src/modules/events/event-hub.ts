import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { coalescingRunner } from '../../lib/coalescing-runner';
import { canReplayAfter, lastEventId, readEventsAfter } from './event-log';
import { type EventStream, toWireBatch, toWireEvent } from './event-stream';

const READ_BATCH = 1_000;

/**
 * This process's side of the live updates: it follows the event log (every process writes to the
 * same one) and writes each new event to every stream open on this process, reading the log once
 * for all of them. The log is the source of truth; notifications only say "read it now", so an
 * event missed while the listening connection was down is read at the next catch-up.
 */
export class EventHub {
  readonly #db: Database;
  readonly #streams = new Set<EventStream>();
  #lastId = 0;
  readonly #reader;

  constructor(db: Database, log: FastifyBaseLogger) {
    this.#db = db;
    this.#reader = coalescingRunner(
      () => this.#readNewEvents(),
      (error) => log.warn({ err: error }, 'live updates: could not read the event log'),
    );
  }

  /** Starts after the newest event: a stream opened without Last-Event-ID gets what comes next. */
  async start(): Promise<void> {
    this.#lastId = await lastEventId(this.#db);
  }

  get streams(): ReadonlySet<EventStream> {
    return this.#streams;
  }

  /** Reads and sends whatever the log has after the last event sent (coalesced). */
  catchUp(): Promise<void> {
    return this.#reader.run();
  }

  /**
   * Adds a stream. With the client's last event id, it first gets every event after it from the
   * log, or a reset when those are gone; live events that arrive meanwhile wait their turn.
   */
  async attach(stream: EventStream, afterId: number | null): Promise<void> {
    if (afterId === null) {
      stream.sentId = this.#lastId;
      this.#streams.add(stream);
      return;
    }
    stream.hold();
    this.#streams.add(stream);
    // What this process has sent so far; anything later reaches the stream live, held until now.
    const through = this.#lastId;
    try {
      if (!(await canReplayAfter(this.#db, afterId))) {
        stream.sendReset(through);
      } else {
        for (let cursor = afterId; cursor < through && !stream.isEnded;) {
          const page = await readEventsAfter(this.#db, cursor, READ_BATCH, through);
          for (const event of page) stream.replay(toWireEvent(event));
          cursor = page.at(-1)?.id ?? through;
        }
      }
    } finally {
      stream.release();
    }
  }

  detach(stream: EventStream): void {
    this.#streams.delete(stream);
  }

  /** Ends every stream (the process is closing: clients reconnect to another one). */
  endAll(): void {
    for (const stream of [...this.#streams]) stream.end();
  }

  /** Waits for a read in progress (closing waits for it before the database goes). */
  get idle(): Promise<void> {
    return this.#reader.idle;
  }

  async #readNewEvents(): Promise<void> {
    for (;;) {
      const page = await readEventsAfter(this.#db, this.#lastId, READ_BATCH);
      const last = page.at(-1);
      if (last) {
        // One write per stream for the whole page: a write per event per stream spent half the
        // process's time in socket writes under a burst, and starved the sequencer beside it.
        const batch = toWireBatch(page.map(toWireEvent));
        this.#lastId = last.id;
        for (const stream of this.#streams) stream.sendBatch(batch);
      }
      if (page.length < READ_BATCH) return;
    }
  }
}
