import { describe, expect, it } from 'vitest';
import { removesLastActiveAdmin } from './admin-rules';

const ana = { id: 'ana', roles: ['admin'] as const, isActive: true };

describe('removesLastActiveAdmin', () => {
  it('refuses demoting or deactivating the only active admin', () => {
    expect(removesLastActiveAdmin(ana, { roles: ['user'], isActive: true }, ['ana'])).toBe(true);
    expect(removesLastActiveAdmin(ana, { roles: ['admin'], isActive: false }, ['ana'])).toBe(true);
  });

  it('allows it while another active admin remains', () => {
    expect(removesLastActiveAdmin(ana, { roles: ['user'], isActive: true }, ['ana', 'bia'])).toBe(false);
  });

  it('allows any change that keeps the user an active admin, or of a user who is not one', () => {
    expect(removesLastActiveAdmin(ana, { roles: ['admin', 'comercial'], isActive: true }, ['ana'])).toBe(
      false,
    );
    const carlos = { id: 'carlos', roles: ['manager'] as const, isActive: true };
    expect(removesLastActiveAdmin(carlos, { roles: ['user'], isActive: false }, ['ana'])).toBe(false);
    const inactiveAdmin = { id: 'dora', roles: ['admin'] as const, isActive: false };
    expect(removesLastActiveAdmin(inactiveAdmin, { roles: ['user'], isActive: false }, [])).toBe(false);
  });
});
