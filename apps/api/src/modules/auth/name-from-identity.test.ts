import { personNameSchema } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { nameFromIdentity } from './auth.service';

describe('nameFromIdentity (accounts made by Google sign-in)', () => {
  it.each([
    [{ email: 'ana@empresa.com.br', name: 'Ana Souza' }, 'Ana Souza'],
    [{ email: 'ana@empresa.com.br', name: '  Ana-Maria   O’Neil ' }, 'Ana Maria O Neil'],
    [{ email: 'joao.silva@empresa.com.br', name: null }, 'joao silva'],
    [{ email: 'x1@empresa.com.br', name: '李' }, 'Usuário'],
    [{ email: 'jose@empresa.com.br', name: 'José Conceição 2' }, 'José Conceição'],
  ])('%j → %s, a name the name rule accepts', (identity, expected) => {
    const name = nameFromIdentity(identity);
    expect(name).toBe(expected);
    expect(personNameSchema.safeParse(name).success).toBe(true);
  });
});
