import { decodeJwt } from 'jose';
import type { User } from '@/api/users';
import { setAuthFlash } from '@/lib/auth-flash';
import { clearSession, getToken, STORAGE_KEYS } from '@/lib/storage-keys';

/**
 * The signed-in session as the browser keeps it: `token` and `user` in localStorage.
 * `storage` events only reach other tabs, so changes made here also announce themselves in this one.
 */
const SESSION_CHANGED = 'funil:session-changed';

function announce() {
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

export function saveSession(token: string, user: User) {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  announce();
}

export function storeUser(user: User) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Clears token, user and the legacy auth_user. */
export function endSession() {
  clearSession();
  announce();
}

/**
 * Ends a stored session whose token has expired (its `exp`, read without checking the signature:
 * only the server can vouch for a token), as a refused one ends: 'Sessão expirada' on the login.
 * Called before anything starts, it makes the visit a signed-out one — the login at once, none of
 * the signed-in code downloaded — instead of a check the server can only refuse. A token that
 * does not decode, or has no `exp`, is left for the server to judge. True when it ended one.
 */
export function endExpiredSession(now: number = Date.now()): boolean {
  const token = getToken();
  if (!token) return false;
  let expiresAt: number | undefined;
  try {
    expiresAt = decodeJwt(token).exp;
  } catch {
    return false;
  }
  if (expiresAt === undefined || expiresAt * 1000 > now) return false;
  setAuthFlash('session_expired');
  endSession();
  return true;
}

export function subscribeToSession(onChange: () => void) {
  const handleStorage = (event: StorageEvent) => {
    // Another tab signing out (or in) changes the token under us; `key` is null on clear().
    if (event.key === null || event.key === STORAGE_KEYS.token) onChange();
  };
  window.addEventListener('storage', handleStorage);
  window.addEventListener(SESSION_CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', handleStorage);
    window.removeEventListener(SESSION_CHANGED, onChange);
  };
}

export { getToken };
