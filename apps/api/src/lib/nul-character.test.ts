import { describe, expect, it } from 'vitest';
import { findNulCharacter } from './nul-character';

describe('findNulCharacter', () => {
  it('names the first field whose text holds U+0000, nested ones included', () => {
    expect(findNulCharacter({ name: 'Marca', label: 'a\u0000b' })).toBe('label');
    expect(findNulCharacter({ franchises: ['SP', '\u0000'] })).toBe('franchises.1');
    expect(findNulCharacter({ a: { b: ['x', { c: '\u0000' }] } })).toBe('a.b.1.c');
  });

  it('finds nothing in text without it, numbers, booleans, null or undefined', () => {
    expect(findNulCharacter({ name: 'São Paulo 👩‍👩‍👧', n: 0, ok: true, none: null })).toBeUndefined();
    expect(findNulCharacter(undefined)).toBeUndefined();
    expect(findNulCharacter('\\u0000')).toBeUndefined();
  });
});
