import fp from 'fastify-plugin';
import { errorBodyFor } from './errors';

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /**
     * From now on every new request is refused with 503 and `Connection: close`, while those
     * already running finish. The server keeps listening until `close()`.
     */
    refuseNewRequests: () => void;
  }
}

/**
 * Shutting down without dropping anyone.
 *
 * Once the app starts closing (SIGTERM/SIGINT), every answer still being sent carries
 * `Connection: close`, so the client's keep-alive socket ends with that response. Without it the
 * HTTP server's close waits for browsers' idle keep-alive sockets to time out (72 s by default),
 * and a shutdown that should take a moment hits the server's 10 s force-exit instead.
 *
 * Before closing, server.ts refuses new requests for a moment (`refuseNewRequests`): a connection
 * still waiting in the listen backlog, or accepted but not yet read, would otherwise be reset when
 * the listener closes; this way it is read and gets a 503 it can act on.
 */
export const gracefulClosePlugin = fp(
  async (app) => {
    let isClosing = false;
    let isRefusing = false;
    app.decorate('refuseNewRequests', () => {
      isRefusing = true;
    });
    app.addHook('preClose', async () => {
      isClosing = true;
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (!isRefusing) return done();
      reply
        .code(503)
        .header('connection', 'close')
        .send(errorBodyFor(request, 503, 'errors:service_unavailable'));
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (isClosing || isRefusing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'funil-graceful-close' },
);
