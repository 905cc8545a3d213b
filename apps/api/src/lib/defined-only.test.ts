import { describe, expect, it } from 'vitest';
import { definedOnly } from './defined-only';

describe('definedOnly', () => {
  it('drops undefined values and keeps null, false, 0 and empty strings', () => {
    expect(definedOnly({ a: undefined, b: null, c: false, d: 0, e: '' })).toEqual({
      b: null,
      c: false,
      d: 0,
      e: '',
    });
  });
});
