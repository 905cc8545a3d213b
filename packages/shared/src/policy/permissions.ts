import type { Role } from '../constants';

/**
 * Who may do what, once for the API and the web app. Reading anything, and creating or editing
 * brands, contacts and leads (uploading brand images, asking the assistant) is open to any active
 * signed-in user and needs no permission; the actions below are reserved to the roles listed.
 *
 * The API's routes declare one of these as their access (`config: { access: 'catalogue.write' }`),
 * the screens show their buttons through `hasPermission`, and the API's access-matrix test derives
 * the status each kind of caller must get from this table, so the three cannot drift apart.
 */
export const PERMISSION_ROLES = {
  /** Create, edit and delete verticals, quota types and platforms. */
  'catalogue.write': ['admin', 'manager'],
  /** Create, edit and delete the prospectus's offerings (the quotas each year puts on sale). */
  'prospectus.write': ['admin', 'manager'],
  /** Change the pipeline's settings (each status's probability and days before a deal is stale). */
  'settings.write': ['admin', 'manager'],
  /** Delete brands, contacts and leads (one or many at once). */
  'record.delete': ['admin', 'manager'],
  /** Edit, complete and delete other people's tasks; delete other people's notes. */
  'work.others': ['admin', 'manager'],
  /** Create and edit users, set their roles, deactivate them; register accounts with roles. */
  'user.manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSION_ROLES;

export const PERMISSIONS = Object.keys(PERMISSION_ROLES) as Permission[];

export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && Object.hasOwn(PERMISSION_ROLES, value);

/** Whether a user holding `roles` may do what `permission` covers (no roles: no permission). */
export function hasPermission(roles: readonly string[] | null | undefined, permission: Permission): boolean {
  const allowed: readonly string[] = PERMISSION_ROLES[permission];
  return roles?.some((role) => allowed.includes(role)) ?? false;
}
