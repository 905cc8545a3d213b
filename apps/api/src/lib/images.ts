import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from './app-error';

/** The brand picture's size, as the brand list and form show it. */
export const BRAND_IMAGE_SIZE = { width: 335, height: 188 } as const;

// Decided by the bytes, never by the file's name or the browser's word for it.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);

// A 5 MB file can still decode to a huge bitmap (a "decompression bomb"); no logo needs more.
const MAX_INPUT_PIXELS = 40_000_000;

/** The content type every brand picture is stored and served with. */
export const BRAND_IMAGE_CONTENT_TYPE = 'image/webp';

export type ProcessedImage = {
  data: Buffer;
  hash: string;
  extension: 'webp';
  contentType: typeof BRAND_IMAGE_CONTENT_TYPE;
};

const unsupported = (cause?: unknown) => new AppError(415, 'errors:brands.image_unsupported', { cause });

/**
 * A brand picture as stored: JPEG, PNG, GIF or WebP by content (anything else, a corrupt file
 * included, is 415), turned upright by its EXIF orientation, cropped to fill 335×188 (`cover`)
 * and written as WebP. `hash` (16 hex characters of its SHA-256) names the stored file and
 * versions its URL, so a changed picture gets a new URL and the old one can be cached forever.
 */
export async function toBrandImage(input: Buffer): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch (error) {
    throw unsupported(error);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupported();
  try {
    const data = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(BRAND_IMAGE_SIZE.width, BRAND_IMAGE_SIZE.height, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
    const hash = createHash('sha256').update(data).digest('hex').slice(0, 16);
    return { data, hash, extension: 'webp', contentType: BRAND_IMAGE_CONTENT_TYPE };
  } catch (error) {
    throw unsupported(error);
  }
}
