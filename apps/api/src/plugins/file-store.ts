import fp from 'fastify-plugin';
import { createFileStore } from '../lib/file-store/create-file-store';
import type { FileStore } from '../lib/file-store/file-store';
import { moveLocalBrandPictures } from '../modules/brands/move-local-brand-pictures';

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Where brand pictures live: the database, or the S3 bucket when S3_BUCKET is set. */
    fileStore: FileStore;
  }
}

/**
 * The picture store, and, once the app is ready and before it listens, the move of pictures an
 * older version left in DATA_DIR into it. A move that fails stops the start (the error names
 * the cause): serving without those pictures would look like losing them, and the next start
 * takes the move up where it stopped.
 */
export const fileStorePlugin = fp(
  async (app) => {
    const store = createFileStore(app.config, app.db);
    app.decorate('fileStore', store);
    app.addHook('onReady', async () => {
      const move = await moveLocalBrandPictures(app.db, store, app.config.dataDir);
      const moved = move.moved.length + move.alreadyStored.length;
      if (moved > 0) app.log.info({ moved, store: store.kind }, 'moved brand pictures from DATA_DIR');
      if (move.unclaimed.length > 0) {
        app.log.warn(
          { files: move.unclaimed },
          'files in DATA_DIR/uploads/brands are no brand picture; left where they are',
        );
      }
    });
    app.addHook('onClose', () => store.close());
  },
  { name: 'funil-file-store', dependencies: ['funil-db'] },
);
