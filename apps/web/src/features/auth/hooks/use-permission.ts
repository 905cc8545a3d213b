import { hasPermission, type Permission } from '@funil/shared';
import { useAuth } from './use-auth';

/**
 * Whether the signed-in user may do what `permission` covers, by the same policy the API enforces
 * (packages/shared/src/policy/permissions.ts): screens offer only the actions the server allows.
 */
export function usePermission(permission: Permission): boolean {
  const { user } = useAuth();
  return hasPermission(user?.roles, permission);
}
