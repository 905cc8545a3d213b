import { useSyncExternalStore } from 'react';
import { getToken, STORAGE_KEYS } from '@/lib/storage-keys';

/**
 * `loading` is part of the contract so the guard is ready for the accounts issue, which will
 * verify the token with /api/auth/me at start-up. Until then the token alone decides.
 */
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

function subscribe(onChange: () => void) {
  // Another tab logging out (or in) changes the token under us.
  const handleStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) onChange();
  };
  window.addEventListener('storage', handleStorage);
  return () => window.removeEventListener('storage', handleStorage);
}

function hasToken() {
  return Boolean(getToken());
}

export function useAuthStatus(): AuthStatus {
  const isAuthenticated = useSyncExternalStore(subscribe, hasToken, () => false);
  return isAuthenticated ? 'authenticated' : 'unauthenticated';
}
