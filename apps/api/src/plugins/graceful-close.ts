import fp from 'fastify-plugin';

/**
 * Once the app starts closing (SIGTERM/SIGINT), every answer still being sent carries
 * `Connection: close`, so the client's keep-alive socket ends with that response. Without it the
 * HTTP server's close waits for browsers' idle keep-alive sockets to time out (72 s by default),
 * and a shutdown that should take a moment hits the server's 10 s force-exit instead.
 */
export const gracefulClosePlugin = fp(
  async (app) => {
    let isClosing = false;
    app.addHook('preClose', async () => {
      isClosing = true;
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (isClosing) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'funil-graceful-close' },
);
