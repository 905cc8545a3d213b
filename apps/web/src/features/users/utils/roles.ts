import { ROLES, type Role } from '@funil/shared';

export { ROLES, type Role };

/** Roles as the user list shows them; a user with no roles reads as 'user'. */
export function displayRoles(roles: readonly string[]): Role[] {
  const known = roles.filter((role): role is Role => (ROLES as readonly string[]).includes(role));
  return known.length > 0 ? known : ['user'];
}
