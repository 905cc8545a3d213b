import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers for the SPA and the API. The CSP allows exactly what a Vite-built React app
 * needs: its own scripts and styles, inline style attributes (Radix positions popovers with them),
 * images from data:/blob: (previews of a chosen file) and fetches to its own origin.
 */
export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
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
  },
  { name: 'funil-security' },
);
