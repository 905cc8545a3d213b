import { describe, expect, it } from 'vitest';
import { displayRoles } from './roles';
import { userMatches } from './user-search';

const LABELS: Record<string, string> = {
  admin: 'Administrador',
  manager: 'Gerente',
  user: 'Usuário',
  comercial: 'Comercial',
  sales: 'Vendas',
  marketing: 'Marketing',
  finance: 'Financeiro',
};
const label = (role: string) => LABELS[role] ?? role;

const ana = { name: 'Ana Souza', email: 'ana@empresa.com.br', roles: ['comercial', 'sales'] };
const joao = { name: 'João Lima', email: 'joao@empresa.com.br', roles: [] };

describe('user search', () => {
  it.each([
    ['ana', true],
    ['SOUZA', true],
    ['empresa.com', true],
    ['comercial', true],
    ['vendas', true],
    ['gerente', false],
  ])('"%s" matches Ana: %s', (query, expected) => {
    expect(userMatches(ana, query, label)).toBe(expected);
  });

  it('ignores accents both ways and treats no roles as Usuário', () => {
    expect(userMatches(joao, 'joao', label)).toBe(true);
    expect(userMatches(joao, 'usuario', label)).toBe(true);
    expect(userMatches(ana, 'usuario', label)).toBe(false);
  });

  it('matches everything on an empty query', () => {
    expect(userMatches(joao, '   ', label)).toBe(true);
  });
});

describe('roles', () => {
  it('shows user for an empty or unknown role list', () => {
    expect(displayRoles([])).toEqual(['user']);
    expect(displayRoles(['ghost'])).toEqual(['user']);
    expect(displayRoles(['admin', 'finance'])).toEqual(['admin', 'finance']);
  });
});
