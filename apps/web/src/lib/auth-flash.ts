import { STORAGE_KEYS } from './storage-keys';

/**
 * A notice for the login page, kept in this tab's sessionStorage until the user is signed in
 * again: every landing on /login until then says why (the tab's live stream may end the session
 * and show /login before the user's own next click or reload lands there again), and a full page
 * load (the default 401 handling) does not lose it.
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
