import { describe, expect, it } from 'vitest';
import { hasPermission, isPermission, PERMISSION_ROLES, PERMISSIONS } from './permissions';

describe('hasPermission', () => {
  it('grants a permission to any of its roles, also among others', () => {
    expect(hasPermission(['manager'], 'catalogue.write')).toBe(true);
    expect(hasPermission(['comercial', 'admin'], 'user.manage')).toBe(true);
  });

  it('refuses roles outside the permission, and users without roles', () => {
    expect(hasPermission(['manager'], 'user.manage')).toBe(false);
    expect(hasPermission(['user', 'comercial', 'sales'], 'record.delete')).toBe(false);
    expect(hasPermission([], 'catalogue.write')).toBe(false);
    expect(hasPermission(undefined, 'catalogue.write')).toBe(false);
    expect(hasPermission(null, 'catalogue.write')).toBe(false);
  });

  it('knows its permissions and nothing else', () => {
    expect(PERMISSIONS).toEqual(Object.keys(PERMISSION_ROLES));
    expect(isPermission('user.manage')).toBe(true);
    expect(isPermission('authenticated')).toBe(false);
    expect(isPermission('toString')).toBe(false);
  });
});
