import { IMAGE_MAX_BYTES } from '@funil/shared';

/** The picture types the API takes (it checks the bytes; this spares a round trip for the obvious). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export type ImageChoiceProblem = 'tooLarge' | 'unsupported';

/** Why a chosen file cannot be a brand picture, or null when it may be sent. */
export function imageChoiceProblem(file: Pick<File, 'type' | 'size'>): ImageChoiceProblem | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'unsupported';
  if (file.size > IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}
