import { readdir, readFile, unlink } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands } from '../../db/schema';
import type { FileStore } from '../../lib/file-store/file-store';

/** Where versions before the picture store kept brand pictures, inside DATA_DIR. */
export const localBrandPicturesDir = (dataDir: string) => join(dataDir, 'uploads', 'brands');

// Those versions only ever wrote WebP; the others are there in case a file was put by hand.
const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
};

export type LocalPicturesMove = {
  /** Stored now, local file deleted. */
  moved: string[];
  /** Already in the store (a move cut short after the store had it): local file deleted. */
  alreadyStored: string[];
  /** No brand names them (left by an upload cut short): left where they are. */
  unclaimed: string[];
};

const ignoreMissing = (error: NodeJS.ErrnoException) => {
  if (error.code !== 'ENOENT') throw error;
};

/**
 * Moves the pictures an older version kept in `DATA_DIR/uploads/brands` into the store, so every
 * process serves them. Each file a brand names is stored first (unless the store has it already)
 * and deleted from the disk only then: a move cut short by a crash loses nothing and is finished
 * by the next start. The local file is not kept, because it would be a second copy that nothing
 * updates or removes when the picture changes, and the point is that no process relies on its disk.
 *
 * Files no brand names are left alone: they are nobody's picture (an upload or a removal cut
 * short), and in the store nothing would ever remove them. A brand whose file is missing here
 * keeps its row as it is: its picture may still be in another process's DATA_DIR, which moves
 * it when that process starts; until then the picture answers 404 and the brand works as usual.
 */
export async function moveLocalBrandPictures(
  db: Database,
  store: FileStore,
  dataDir: string,
): Promise<LocalPicturesMove> {
  const dir = localBrandPicturesDir(dataDir);
  const result: LocalPicturesMove = { moved: [], alreadyStored: [], unclaimed: [] };
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    ignoreMissing(error);
    return [];
  });
  // Dot files are the temporary files of writes that never finished (the rename never came).
  const files = entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
  if (files.length === 0) return result;

  const claimed = new Set(
    (await db.select({ file: brands.imageFile }).from(brands).where(inArray(brands.imageFile, files))).map(
      (row) => row.file,
    ),
  );
  // One at a time: a picture is small, but a few thousand read at once are not.
  for (const file of files) {
    if (!claimed.has(file)) {
      result.unclaimed.push(file);
      continue;
    }
    const path = join(dir, file);
    if (await store.has(file)) {
      result.alreadyStored.push(file);
    } else {
      const contentType = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
      await store.put(file, contentType, await readFile(path));
      result.moved.push(file);
    }
    await unlink(path).catch(ignoreMissing);
  }
  return result;
}
