import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API's own folder. This file sits one level below it (src/paths.ts), exactly like the bundle
 * (dist/server.js), so the same expression is right from source (tsx, vitest) and from the build.
 */
export const apiRoot = fileURLToPath(new URL('..', import.meta.url));

/** Committed SQL migrations, read at start-up (never bundled). */
export const migrationsDir = join(apiRoot, 'drizzle');

/** The Vite build of apps/web, served by the same process. */
export const webDistDir = join(apiRoot, '..', 'web', 'dist');
