import { afterEach, describe, expect, it, vi } from 'vitest';
import { seededRandom, seedFromEnv } from './seeded-random';

describe('seededRandom', () => {
  it('gives the same numbers in [0, 1) for the same seed, and others for another seed', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    expect(draw(42).every((n) => n >= 0 && n < 1)).toBe(true);
  });
});

describe('seedFromEnv', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('reads an integer, falls back when unset or empty, and refuses anything else', () => {
    vi.stubEnv('TEST_SEED', undefined);
    expect(seedFromEnv('TEST_SEED', 7)).toBe(7);
    vi.stubEnv('TEST_SEED', '');
    expect(seedFromEnv('TEST_SEED', 7)).toBe(7);
    vi.stubEnv('TEST_SEED', '123');
    expect(seedFromEnv('TEST_SEED', 7)).toBe(123);
    vi.stubEnv('TEST_SEED', '1.5');
    expect(() => seedFromEnv('TEST_SEED', 7)).toThrow('TEST_SEED must be a non-negative integer, got "1.5"');
  });
});
