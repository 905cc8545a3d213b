import fp from 'fastify-plugin';
import type { Database, DbHandle } from '../db/client';

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Drizzle over PGlite or PostgreSQL; services take it as their first argument. */
    db: Database;
    dbHandle: DbHandle;
  }
}

/** Exposes the database to routes and closes it when the app closes (after in-flight requests). */
export const dbPlugin = fp<{ handle: DbHandle }>(
  async (app, { handle }) => {
    app.decorate('db', handle.db);
    app.decorate<DbHandle>('dbHandle', handle);
    app.addHook('onClose', async () => {
      await handle.close();
    });
  },
  { name: 'funil-db' },
);
