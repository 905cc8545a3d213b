import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DbHandle } from './client';
import { settlesWithin } from './settles-within';

/** The `application_name` of each process's listening connection. */
export const LISTENER_APPLICATION_NAME = 'funil-listener';

/** The channels this process listens on; the migrations' triggers and the event log notify them. */
export const CHANNELS = {
  /** `session:<id>` or `user:<id>`: a session ended or a user changed (sessions, users triggers). */
  auth: 'funil_auth',
  /** A lead, brand or contact was written: outbox rows wait to become events (outbox triggers). */
  outbox: 'funil_outbox',
  /** New events are in the log, up to the id in the payload (the sequencer). */
  events: 'funil_events',
  /** A scheduled job was added or moved (a reminder, a mention's email): look at the queue again. */
  jobs: 'funil_jobs',
} as const;

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

export type DatabaseListener = {
  /** Calls `handler` with each payload notified on `channel`, whichever process sent it. */
  on: (channel: Channel, handler: (payload: string) => void) => void;
  /**
   * Calls `handler` now with whether notifications are being received, and again on every change.
   * While false, notifications are lost: whoever relies on them reads the database instead, and
   * catches up when it turns true again.
   */
  onConnection: (handler: (isListening: boolean) => void) => void;
  close: () => Promise<void>;
};

const RECONNECT_DELAY_MS = 1_000;
/**
 * How often the listening connection is asked a trivial question, and how long its answer may
 * take. A server that closed the connection is noticed at once; one that stalled (the network
 * carries nothing, the socket stays open) would never be: without an answer in time the socket
 * is destroyed, and the connection is made again.
 */
export const HEARTBEAT = { everyMs: 10_000, timeoutMs: 5_000 };

/** Ends a client's connection at once, without the goodbye `end()` waits for on a stalled socket. */
const destroyConnection = (client: pg.Client) =>
  (client as unknown as { connection?: { stream?: { destroy: () => void } } }).connection?.stream?.destroy();

/** Whether the connection answers a query within `ms` (a stalled network never answers). */
const answersWithin = (client: pg.Client, ms: number) => settlesWithin(client.query('select 1'), ms);

/**
 * One listening connection per process for every channel. PGlite delivers notifications
 * in-process. On PostgreSQL a connection of its own listens (a pooled one would be handed to
 * queries); when it drops, it reconnects every second until it can listen again.
 */
export async function listenToDatabase(
  handle: DbHandle,
  log: FastifyBaseLogger,
  heartbeat: { everyMs: number; timeoutMs: number } = HEARTBEAT,
): Promise<DatabaseListener> {
  const handlers = new Map<string, ((payload: string) => void)[]>();
  const connectionHandlers: ((isListening: boolean) => void)[] = [];
  let isListening = false;

  const dispatch = (channel: string, payload: string | undefined) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload ?? '');
      } catch (error) {
        log.error({ err: error, channel }, 'database notification handler failed');
      }
    }
  };
  const setListening = (value: boolean) => {
    if (value === isListening) return;
    isListening = value;
    for (const handler of connectionHandlers) handler(value);
  };
  const listener: Omit<DatabaseListener, 'close'> = {
    on: (channel, handler) => handlers.set(channel, [...(handlers.get(channel) ?? []), handler]),
    onConnection: (handler) => {
      connectionHandlers.push(handler);
      handler(isListening);
    },
  };

  if (handle.kind === 'pglite') {
    const unlisten = await Promise.all(
      Object.values(CHANNELS).map((channel) =>
        handle.client.listen(channel, (payload) => dispatch(channel, payload)),
      ),
    );
    isListening = true;
    // Closing the database first ends the listening anyway.
    return {
      ...listener,
      close: () =>
        Promise.all(unlisten.map((stop) => stop())).then(
          () => {},
          () => {},
        ),
    };
  }

  // Named apart from the request pool's connections, so an operator (or a test) can tell the
  // listening connection from the others in pg_stat_activity whatever it last ran.
  const options = { ...handle.client.options, application_name: LISTENER_APPLICATION_NAME };
  let current: pg.Client | null = null;
  let stopped = false;

  async function connectOnce(): Promise<boolean> {
    const client = new pg.Client(options);
    client.on('notification', (message) => dispatch(message.channel, message.payload));
    client.on('error', (error) => log.warn({ err: error }, 'database notifications: connection error'));
    try {
      await client.connect();
      await client.query(
        Object.values(CHANNELS)
          .map((channel) => `LISTEN ${channel}`)
          .join('; '),
      );
    } catch (error) {
      log.warn({ err: error }, 'database notifications: cannot listen; trying again');
      await client.end().catch(() => {});
      return false;
    }
    const beat = setInterval(() => {
      void answersWithin(client, heartbeat.timeoutMs).then((answered) => {
        if (answered || current !== client) return;
        log.warn('database notifications: the connection stopped answering; connecting again');
        destroyConnection(client);
      });
    }, heartbeat.everyMs);
    beat.unref();
    client.once('end', () => {
      clearInterval(beat);
      current = null;
      if (stopped) return;
      setListening(false);
      void keepListening();
    });
    current = client;
    setListening(true);
    return true;
  }

  async function keepListening(): Promise<void> {
    while (!stopped && !(await connectOnce())) await delay(RECONNECT_DELAY_MS);
  }

  if (!(await connectOnce())) void keepListening();
  return {
    ...listener,
    close: async () => {
      stopped = true;
      const client = current;
      if (!client) return;
      // A stalled connection never answers the goodbye: it gets a moment, then is cut.
      if (!(await answersWithin(client, heartbeat.timeoutMs))) destroyConnection(client);
      else await client.end().catch(() => {});
    },
  };
}
