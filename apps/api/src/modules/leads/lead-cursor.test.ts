import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { decodeLeadCursor, encodeLeadCursor } from './lead-cursor';

const position = { createdAt: '2026-03-01T12:34:56.123456Z', id: '0b6f3b7e-4c1a-4f0e-9d2b-1a2b3c4d5e6f' };
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('lead cursor', () => {
  it('round-trips a position, microseconds included, as URL-safe text', () => {
    const text = encodeLeadCursor(position);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeLeadCursor(text)).toEqual(position);
  });

  it('refuses anything it did not produce with the cursor message', () => {
    const bad = [
      'not-base64-json',
      encode({ createdAt: position.createdAt, id: position.id }),
      encode([position.createdAt]),
      encode(['2026-03-01T12:34:56.123Z', position.id]),
      encode(['2026-13-45T12:34:56.123456Z', position.id]),
      encode([position.createdAt, 'abc']),
      encode([1, position.id]),
    ];
    for (const text of bad) {
      expect(() => decodeLeadCursor(text), text).toThrow(AppError);
      try {
        decodeLeadCursor(text);
      } catch (error) {
        expect(error).toMatchObject({
          statusCode: 400,
          key: 'validation:list.cursor_invalid',
          field: 'cursor',
        });
      }
    }
  });
});
