import type { User } from '@/api/users';
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
