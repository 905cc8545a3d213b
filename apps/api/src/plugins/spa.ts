import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { replyRouteNotFound } from './errors';

export type SpaOptions = { distDir: string };

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT =
  'The web app has not been built yet (apps/web/dist/index.html is missing). Run `npm run build` ' +
  'at the repository root, or `npm start`, which builds what is missing.';

/**
 * Serves the Vite build of apps/web from the API process. Hashed files under /assets are cached
 * for a year; everything else, index.html above all, is revalidated so a deploy shows at once.
 * Any GET outside /api that is not a file is a client-side route and gets index.html.
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy beside each file (apps/web/vite.config.ts);
 * a browser that accepts one gets it with its Content-Encoding, so nothing is compressed per
 * request. Every such answer carries `Vary: Accept-Encoding`, so a shared cache never hands the
 * brotli bytes to a client that did not ask for them.
 */
export const spaPlugin = fp<SpaOptions>(
  async (app, { distDir }) => {
    const indexFile = join(distDir, 'index.html');
    const assetsDir = join(distDir, 'assets') + sep;

    // Checked once: the static handler needs its root at registration; a build made later needs a restart.
    const isServed = existsSync(distDir);
    if (isServed) {
      await app.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        wildcard: true,
        preCompressed: true,
        // dist/.vite holds the build's manifest (for bench/bundle-size.ts), not something to serve.
        allowedPath: (pathname) => !pathname.startsWith('/.vite/'),
        cacheControl: false,
        setHeaders: (reply, path) => {
          reply.header('Cache-Control', path.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isApi = path === '/api' || path.startsWith('/api/');
      if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return replyRouteNotFound(request, reply);
      }
      // A missing hashed asset must not turn into index.html (the browser would run HTML as JS).
      if (path.startsWith('/assets/')) return replyRouteNotFound(request, reply);
      if (!isServed || !existsSync(indexFile)) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(NOT_BUILT);
      }
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', distDir);
    });
  },
  { name: 'funil-spa', dependencies: ['funil-errors'] },
);
