import { describe, expect, it } from 'vitest';
import { getDisplayName, getInitials } from './user-display';

describe('getInitials', () => {
  it('takes the first letter of the first two words, upper-cased', () => {
    expect(getInitials('maria da silva')).toBe('MD');
    expect(getInitials('  Ana   Paula  ')).toBe('AP');
    expect(getInitials('Usuário')).toBe('U');
  });

  it('handles accents and letters outside the basic plane', () => {
    expect(getInitials('élida ômega')).toBe('ÉÔ');
    expect(getInitials('𝒜lpha beta')).toBe('𝒜B');
  });

  it('is empty for an empty name', () => {
    expect(getInitials('')).toBe('');
    expect(getInitials('   ')).toBe('');
  });
});

describe('getDisplayName', () => {
  it('prefers full_name, then name, then the fallback', () => {
    expect(getDisplayName({ full_name: 'Maria Silva', name: 'Maria' }, 'Usuário')).toBe('Maria Silva');
    expect(getDisplayName({ full_name: '  ', name: 'Maria' }, 'Usuário')).toBe('Maria');
    expect(getDisplayName({ name: null }, 'Usuário')).toBe('Usuário');
    expect(getDisplayName(null, 'Usuário')).toBe('Usuário');
  });
});
