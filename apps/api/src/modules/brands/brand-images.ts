import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { toBrandImage } from '../../lib/images';

const UPLOADS_DIR = join('uploads', 'brands');

export const brandImagesDir = (dataDir: string) => join(dataDir, UPLOADS_DIR);

/** Removes a stored picture; one already gone is fine. */
export async function removeImageFile(dataDir: string, file: string | null): Promise<void> {
  if (!file) return;
  await unlink(join(brandImagesDir(dataDir), file)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/**
 * Stores a brand's new picture and makes it the brand's, in that order: the file is written
 * (under a temporary name, then renamed, so a reader never sees half a file), the row is switched
 * while locked, and the previous picture is removed after the switch. Each upload writes a file
 * of its own (a random part in the name, even for the same picture), so a file is removed only by
 * the one switch that replaced it, or by its own upload when that fails: concurrent uploads for
 * one brand leave one picture and no orphan file, and an upload for a brand deleted meanwhile
 * removes its own file. 404 for an unknown brand.
 */
export async function replaceBrandImage(db: Database, dataDir: string, brandId: string, upload: Buffer) {
  const image = await toBrandImage(upload);
  const dir = brandImagesDir(dataDir);
  // Not named by the hash alone: two uploads of the same picture would share a file, and the
  // upload replacing one could remove it under the other, which is about to make it the brand's.
  const file = `${brandId}-${randomBytes(4).toString('hex')}-${image.hash}.${image.extension}`;
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.${file}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temporary, image.data);
  await rename(temporary, join(dir, file));

  let previous: string | null;
  try {
    previous = await switchBrandImage(db, brandId, { file, hash: image.hash });
  } catch (error) {
    await removeImageFile(dataDir, file);
    throw error;
  }
  await removeImageFile(dataDir, previous);
}

/** Takes the picture off a brand (404 for an unknown brand; a brand without one is fine). */
export async function deleteBrandImage(db: Database, dataDir: string, brandId: string): Promise<void> {
  const previous = await switchBrandImage(db, brandId, null);
  await removeImageFile(dataDir, previous);
}

/**
 * Makes `image` (or none) the brand's picture, with the row locked so concurrent switches queue;
 * answers the file it replaced, for the caller to remove. 404 for an unknown brand.
 */
async function switchBrandImage(
  db: Database,
  brandId: string,
  image: { file: string; hash: string } | null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
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

/** The stored picture of a brand: its path and hash, or null when it has none. */
export async function findBrandImage(db: Database, dataDir: string, brandId: string) {
  const [row] = await db
    .select({ file: brands.imageFile, hash: brands.imageHash })
    .from(brands)
    .where(eq(brands.id, brandId))
    .limit(1);
  if (!row?.file || !row.hash) return null;
  return { path: join(brandImagesDir(dataDir), row.file), hash: row.hash };
}
