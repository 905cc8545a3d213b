import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DbHandle } from '../db/client';

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /**
     * The route answers with a stream that stays open (live updates): it is not a handler at work
     * that closing should wait for; the stream's owner ends it when the app closes.
     */
    longLived?: boolean;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Drizzle over PGlite or PostgreSQL; services take it as their first argument. */
    db: Database;
    dbHandle: DbHandle;
    /**
     * Keeps the database open, when the app closes, until the returned function is called (or
     * the drain times out): for work that outlives its handler, like a download read from a
     * cursor after the answer has started.
     */
    holdDatabase: () => () => void;
  }
}

/** How long closing waits for handlers still at work before it closes the database anyway. */
const DRAIN_TIMEOUT_MS = 5_000;

/**
 * Exposes the database to routes and closes it when the app closes — after the last handler has
 * answered. The HTTP server's close waits for sockets, not for handlers: a request whose client
 * hung up is still running its queries when the last socket is gone, and closing the database
 * under it would fail them half-way (a transaction rolled back instead of committed).
 */
export const dbPlugin = fp<{ handle: DbHandle }>(
  async (app, { handle }) => {
    app.decorate('db', handle.db);
    app.decorate<DbHandle>('dbHandle', handle);

    const handling = new Set<FastifyRequest>();
    const holds = new Set<object>();
    app.decorate('holdDatabase', () => {
      const hold = {};
      holds.add(hold);
      return () => {
        holds.delete(hold);
      };
    });
    // Synchronous hooks (callback style): they run on every request, and an async hook costs a
    // promise and a turn of the microtask queue each.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!request.routeOptions.config.longLived) handling.add(request);
      done();
    });
    // The handler is done once its answer is being sent (onSend runs for aborted requests too,
    // onResponse only when the answer reached the client); either ends the count, once.
    app.addHook('onSend', (request, _reply, payload, done) => {
      handling.delete(request);
      done(null, payload);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      handling.delete(request);
      done();
    });

    app.addHook('onClose', async () => {
      const deadline = Date.now() + DRAIN_TIMEOUT_MS;
      const busy = () => handling.size + holds.size;
      while (busy() > 0 && Date.now() < deadline) await delay(10);
      if (busy() > 0)
        app.log.warn(
          { handling: handling.size, held: holds.size },
          'closing the database under running requests',
        );
      await handle.close();
    });
  },
  { name: 'funil-db' },
);
