import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { writeAs } from '../../db/write-as';
import { brands } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { FileStore, StoredFile } from '../../lib/file-store/file-store';
import { toBrandImage } from '../../lib/images';

/** Removes a stored picture; one already gone is fine. */
export async function removeStoredPicture(store: FileStore, file: string | null): Promise<void> {
  if (file) await store.remove(file);
}

/**
 * Stores a brand's new picture and makes it the brand's, in that order: the picture is stored
 * (whole: a store's put is all or nothing, so a reader never sees half a picture), the row is
 * switched while locked, and the previous picture is removed after the switch. Each upload stores
 * a picture of its own (a random part in the name, even for the same picture), so a picture is
 * removed only by the one switch that replaced it, or by its own upload when that fails:
 * concurrent uploads for one brand, through one process or several, leave one picture and no
 * orphan, and an upload for a brand deleted meanwhile removes its own picture. 404 for an unknown
 * brand.
 */
export async function replaceBrandImage(
  db: Database,
  store: FileStore,
  brandId: string,
  upload: Buffer,
  userId: string | null,
) {
  const image = await toBrandImage(upload);
  // Not named by the hash alone: two uploads of the same picture would share a name, and the
  // upload replacing one could remove it under the other, which is about to make it the brand's.
  const file = `${brandId}-${randomBytes(4).toString('hex')}-${image.hash}.${image.extension}`;
  await store.put(file, image.contentType, image.data);

  let previous: string | null;
  try {
    previous = await switchBrandImage(db, brandId, { file, hash: image.hash }, userId);
  } catch (error) {
    await removeStoredPicture(store, file);
    throw error;
  }
  await removeStoredPicture(store, previous);
}

/** Takes the picture off a brand (404 for an unknown brand; a brand without one is fine). */
export async function deleteBrandImage(
  db: Database,
  store: FileStore,
  brandId: string,
  userId: string | null,
): Promise<void> {
  const previous = await switchBrandImage(db, brandId, null, userId);
  await removeStoredPicture(store, previous);
}

/**
 * Makes `image` (or none) the brand's picture, with the row locked so concurrent switches queue;
 * answers the file it replaced, for the caller to remove. 404 for an unknown brand.
 */
async function switchBrandImage(
  db: Database,
  brandId: string,
  image: { file: string; hash: string } | null,
  userId: string | null,
): Promise<string | null> {
  return writeAs(db, userId, async (tx) => {
    const [current] = await tx
      .select({ imageFile: brands.imageFile })
      .from(brands)
      .where(eq(brands.id, brandId))
      .for('update');
    if (!current) throw new AppError(404, 'errors:not_found.brand');
    await tx
      .update(brands)
      .set({ imageFile: image?.file ?? null, imageHash: image?.hash ?? null, updatedAt: new Date() })
      .where(eq(brands.id, brandId));
    return current.imageFile;
  });
}

/**
 * A brand's picture with its hash, or null when it has none, or when the store lacks the file
 * its row names (a picture of an older version whose file was missing when start-up moved the
 * others into the store).
 */
export async function findBrandImage(
  db: Database,
  store: FileStore,
  brandId: string,
): Promise<(StoredFile & { hash: string }) | null> {
  const [row] = await db
    .select({ file: brands.imageFile, hash: brands.imageHash })
    .from(brands)
    .where(eq(brands.id, brandId))
    .limit(1);
  if (!row?.file || !row.hash) return null;
  const stored = await store.get(row.file);
  return stored && { ...stored, hash: row.hash };
}
