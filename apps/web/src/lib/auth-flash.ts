import { STORAGE_KEYS } from './storage-keys';

/**
 * A one-shot notice for the login page. It lives in sessionStorage because the "session expired"
 * redirect is a full page load (which also drops every cached query of the old session).
 */
export const AUTH_FLASHES = ['session_expired'] as const;
export type AuthFlash = (typeof AUTH_FLASHES)[number];

export function setAuthFlash(flash: AuthFlash) {
  sessionStorage.setItem(STORAGE_KEYS.authFlash, flash);
}

export function peekAuthFlash(): AuthFlash | null {
  const value = sessionStorage.getItem(STORAGE_KEYS.authFlash);
  return (AUTH_FLASHES as readonly string[]).includes(value ?? '') ? (value as AuthFlash) : null;
}

export function clearAuthFlash() {
  sessionStorage.removeItem(STORAGE_KEYS.authFlash);
}
