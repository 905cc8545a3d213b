import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers for the SPA and the API. The CSP allows exactly what a Vite-built React app
 * needs: its own scripts and styles, inline style attributes (Radix positions popovers with them),
 * images from data:/blob: (previews of a chosen file) and fetches to its own origin.
 */
const securityMiddleware = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      // No upgrade-insecure-requests: the app is often reached over plain HTTP on a LAN
      // address, where upgrading its own assets to https would break it.
    },
  },
  // The Google sign-in popup posts its result back to window.opener; "same-origin" would
  // sever that link once the popup has visited the provider.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});

/**
 * The headers helmet sets, read once: they depend on no request (no CSP nonce), so running the
 * middleware per request — as @fastify/helmet does, rebuilding it each time — only cost CPU
 * (~2 % of a lead read).
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => {},
  };
  securityMiddleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export const securityPlugin = fp(
  async (app) => {
    const headers = securityHeaders();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'funil-security' },
);
