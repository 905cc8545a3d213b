import { foldForSearch } from '@funil/shared';
import { displayRoles, type Role } from './roles';

type SearchableUser = { name: string; email: string; roles: readonly string[] };

/**
 * The user list searches by name, email or role, on the client. A role matches by its
 * code ("comercial") and by its label in the reader's language ("Vendas"); case and accents are
 * ignored ("usuario" finds "Usuário").
 */
export function userMatches(user: SearchableUser, query: string, roleLabel: (role: Role) => string): boolean {
  const needle = foldForSearch(query.trim());
  if (!needle) return true;
  const roles = displayRoles(user.roles);
  const haystack = [user.name, user.email, ...roles, ...roles.map(roleLabel)];
  return haystack.some((value) => foldForSearch(value).includes(needle));
}
