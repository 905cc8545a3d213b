import { IMAGE_MAX_BYTES } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { imageChoiceProblem } from './image-choice';

describe('imageChoiceProblem', () => {
  it('takes JPEG, PNG, GIF and WebP up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(imageChoiceProblem({ type, size: IMAGE_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses other types and larger files', () => {
    expect(imageChoiceProblem({ type: 'image/svg+xml', size: 10 })).toBe('unsupported');
    expect(imageChoiceProblem({ type: 'application/pdf', size: 10 })).toBe('unsupported');
    expect(imageChoiceProblem({ type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe('tooLarge');
  });
});
