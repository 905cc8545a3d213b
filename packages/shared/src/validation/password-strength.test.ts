import { describe, expect, it } from 'vitest';
import { passwordStrength, passwordStrengthScore } from './password-strength';

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'weak'],
    ['abc', 1, 'weak'],
    ['abcdef', 2, 'medium'],
    ['Abcdef', 3, 'strong'],
    ['Abcde1', 4, 'very_strong'],
    ['ABC1', 2, 'medium'],
    ['çãoÉ12', 4, 'very_strong'],
  ] as const)('%j scores %i (%s)', (password, score, strength) => {
    expect(passwordStrengthScore(password)).toBe(score);
    expect(passwordStrength(password)).toBe(strength);
  });
});
