import fp from 'fastify-plugin';
import { CHANNELS } from '../db/database-listener';
import { coalescingRunner } from '../lib/coalescing-runner';
import { findSessionUser } from '../modules/auth/sessions.service';
import { EventHub } from '../modules/events/event-hub';
import type { EventStream } from '../modules/events/event-stream';
import { sequenceEvents } from '../modules/events/sequence-events';

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The live-update streams open on this process and the log they follow. */
    eventHub: EventHub;
  }
}

export type LiveEventsOptions = {
  /** Default 25 s: under the 30 s a client may wait for a sign of life. */
  pingMs?: number;
};

/** While notifications cannot be received, the outbox and the log are read this often. */
const POLL_INTERVAL_MS = 1_000;
/** How soon to try numbering again when another process was at it. */
const BUSY_RETRY_MS = 20;

/**
 * Live updates across every process sharing the database. A write's outbox row wakes every
 * process (funil_outbox); one at a time they number the waiting rows into events (the sequencer
 * lock), which wakes every process again (funil_events) to read the new events once and write them
 * to its streams. When the listening connection is down, both are polled instead, and on its
 * return everything is read again from the log, so nothing is lost. A stream ends when its session
 * does: at once on a session or user notification, at the next ping otherwise.
 */
export const liveEventsPlugin = fp<LiveEventsOptions>(
  async (app, { pingMs = 25_000 }) => {
    const log = app.log.child({ module: 'live-events' });
    const hub = new EventHub(app.db, log);
    await hub.start();
    app.decorate('eventHub', hub);

    let isClosing = false;
    let retry: NodeJS.Timeout | undefined;
    const sequencer = coalescingRunner(
      async () => {
        if ((await sequenceEvents(app.db)) !== 'busy' || isClosing) return;
        // Another process holds the sequencer lock; it may have looked before our rows committed.
        retry ??= setTimeout(() => {
          retry = undefined;
          void sequencer.run();
        }, BUSY_RETRY_MS);
      },
      (error) => log.warn({ err: error }, 'live updates: could not number the waiting events'),
    );
    const revalidate = async (streams: Iterable<EventStream>) => {
      for (const stream of [...streams]) {
        if (stream.isEnded) continue;
        const user = await findSessionUser(app.db, stream.owner.sessionId, stream.owner.userId).catch(
          () => undefined, // the database did not answer: keep the stream, check again later
        );
        if (user === null || user?.isActive === false) stream.end();
      }
    };
    const streamsOf = (payload: string) => {
      const [kind, id] = payload.split(':', 2);
      return [...hub.streams].filter((stream) =>
        kind === 'session' ? stream.owner.sessionId === id : kind === 'user' && stream.owner.userId === id,
      );
    };

    let poller: NodeJS.Timeout | undefined;
    const stopPolling = () => {
      clearInterval(poller);
      poller = undefined;
    };
    const readEverything = () => {
      void sequencer.run();
      void hub.catchUp();
    };
    app.dbListener.on(CHANNELS.outbox, () => void sequencer.run());
    app.dbListener.on(CHANNELS.events, () => void hub.catchUp());
    app.dbListener.on(CHANNELS.auth, (payload) => void revalidate(streamsOf(payload)));
    app.dbListener.onConnection((isListening) => {
      if (isClosing) return;
      if (isListening) {
        stopPolling();
        readEverything();
        void revalidate(hub.streams);
      } else if (!poller) {
        poller = setInterval(readEverything, POLL_INTERVAL_MS);
        poller.unref();
      }
    });

    const pinger = setInterval(() => {
      for (const stream of hub.streams) stream.ping();
      void revalidate(hub.streams);
    }, pingMs);
    pinger.unref();

    // Closing: clients are told by their stream ending, and reconnect to another process.
    app.addHook('preClose', async () => {
      isClosing = true;
      clearTimeout(retry);
      clearInterval(pinger);
      stopPolling();
      hub.endAll();
      await Promise.all([sequencer.idle, hub.idle]);
    });
  },
  { name: 'funil-live-events', dependencies: ['funil-db', 'funil-database-listener'] },
);
