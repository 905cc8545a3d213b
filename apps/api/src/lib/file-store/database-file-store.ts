import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storedFiles } from '../../db/schema';
import type { FileStore } from './file-store';

/**
 * Files as rows of `stored_files` (bytea), on PGlite or PostgreSQL alike: every process reading
 * the database reads the same files, and a backup of the database holds them.
 */
export function databaseFileStore(db: Database): FileStore {
  return {
    kind: 'database',
    put: async (name, contentType, bytes) => {
      await db
        .insert(storedFiles)
        .values({ name, contentType, content: bytes })
        .onConflictDoUpdate({ target: storedFiles.name, set: { contentType, content: bytes } });
    },
    get: async (name) => {
      const [row] = await db
        .select({ contentType: storedFiles.contentType, bytes: storedFiles.content })
        .from(storedFiles)
        .where(eq(storedFiles.name, name))
        .limit(1);
      return row ?? null;
    },
    has: async (name) => {
      const [row] = await db
        .select({ name: storedFiles.name })
        .from(storedFiles)
        .where(eq(storedFiles.name, name))
        .limit(1);
      return row !== undefined;
    },
    remove: async (name) => {
      await db.delete(storedFiles).where(eq(storedFiles.name, name));
    },
    close: async () => {},
  };
}
