import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const stored = await hashPassword('segredo123');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'segredo123')).toBe(true);
    expect(await verifyPassword(stored, 'Segredo123')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'segredo123')).toBe(false);
  });
});
