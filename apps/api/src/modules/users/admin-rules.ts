import type { Role } from '@funil/shared';

type AdminState = { roles: readonly Role[]; isActive: boolean };

const isActiveAdmin = (state: AdminState) => state.isActive && state.roles.includes('admin');

/**
 * Whether changing `user` to `next` would leave the installation without an active admin: the user
 * is an active admin now, will not be one after, and no other active admin exists. Demoting or
 * deactivating the last admin is refused (409), so someone can always manage users.
 */
export function removesLastActiveAdmin(
  user: AdminState & { id: string },
  next: AdminState,
  activeAdminIds: readonly string[],
): boolean {
  if (!isActiveAdmin(user) || isActiveAdmin(next)) return false;
  return activeAdminIds.every((adminId) => adminId === user.id);
}
