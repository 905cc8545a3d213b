import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { FileStore } from '../src/lib/file-store/file-store';

/** Every byte value, zeros and high bytes included: nothing may be taken for text. */
const EVERY_BYTE = Buffer.from(Array.from({ length: 512 }, (_, index) => index % 256));

/**
 * What every FileStore promises, as tests of the store `store()` answers (called inside each
 * test, so a store made in beforeAll works).
 */
export function fileStoreContract(store: () => FileStore) {
  const name = () => `${randomUUID()}.webp`;

  it('gives back what was put, byte for byte, with its content type', async () => {
    const file = name();
    await store().put(file, 'image/webp', EVERY_BYTE);
    const stored = await store().get(file);
    expect(stored?.contentType).toBe('image/webp');
    expect(stored?.bytes.equals(EVERY_BYTE)).toBe(true);
    expect(await store().has(file)).toBe(true);
  });

  it('answers null and false for a name it does not hold', async () => {
    expect(await store().get(name())).toBeNull();
    expect(await store().has(name())).toBe(false);
  });

  it('replaces the file put again under the same name', async () => {
    const file = name();
    await store().put(file, 'image/png', Buffer.from('first'));
    await store().put(file, 'image/webp', Buffer.from('second'));
    const stored = await store().get(file);
    expect(stored?.contentType).toBe('image/webp');
    expect(stored?.bytes.toString()).toBe('second');
  });

  it('removes a file, and takes the removal of a missing one calmly', async () => {
    const kept = name();
    const removed = name();
    await store().put(kept, 'image/webp', Buffer.from('kept'));
    await store().put(removed, 'image/webp', Buffer.from('removed'));
    await store().remove(removed);
    await store().remove(removed);
    await store().remove(name());
    expect(await store().get(removed)).toBeNull();
    expect(await store().has(removed)).toBe(false);
    expect((await store().get(kept))?.bytes.toString()).toBe('kept');
  });
}
