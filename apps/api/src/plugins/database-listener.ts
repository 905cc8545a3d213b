import fp from 'fastify-plugin';
import { type DatabaseListener, listenToDatabase } from '../db/database-listener';

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The process's one listening connection: session changes, outbox writes, new events. */
    dbListener: DatabaseListener;
  }
}

export const databaseListenerPlugin = fp(
  async (app) => {
    const listener = await listenToDatabase(app.dbHandle, app.log);
    app.decorate('dbListener', listener);
    app.addHook('onClose', () => listener.close());
  },
  { name: 'funil-database-listener', dependencies: ['funil-db'] },
);
