import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { peekAuthFlash } from '@/lib/auth-flash';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { endExpiredSession } from './session';

const NOW = Date.UTC(2026, 10, 29, 9, 0, 0);
const tokenExpiringAt = (ms: number) =>
  new UnsecuredJWT({ sid: 's1' })
    .setSubject('u1')
    .setExpirationTime(Math.floor(ms / 1000))
    .encode();

const store = (token: string) => {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, '{"id":"u1"}');
};

describe('endExpiredSession', () => {
  it("ends a session whose token has expired, with the login's 'Sessão expirada'", () => {
    store(tokenExpiringAt(NOW - 60_000));

    expect(endExpiredSession(NOW)).toBe(true);

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(peekAuthFlash()).toBe('session_expired');
  });

  it('keeps a session whose token is still valid', () => {
    const token = tokenExpiringAt(NOW + 60_000);
    store(token);

    expect(endExpiredSession(NOW)).toBe(false);

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(peekAuthFlash()).toBeNull();
  });

  it('leaves a token it cannot read for the server to judge', () => {
    store('not-a-jwt');

    expect(endExpiredSession(NOW)).toBe(false);

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('not-a-jwt');
  });

  it('does nothing without a stored session', () => {
    expect(endExpiredSession(NOW)).toBe(false);
    expect(peekAuthFlash()).toBeNull();
  });
});
