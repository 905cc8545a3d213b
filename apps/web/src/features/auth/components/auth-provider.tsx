import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  authKeys,
  googleSignIn,
  login as loginRequest,
  logout as logoutRequest,
  meQueryOptions,
  register as registerRequest,
  type AuthResponse,
} from '@/api/auth';
import { setAuthFlash } from '@/lib/auth-flash';
import { HttpError, setUnauthorizedHandler } from '@/lib/http';
import { AuthContext, type AuthContextValue, type AuthResult, type AuthStatus } from '../hooks/use-auth';
import { endSession, getToken, saveSession, storeUser, subscribeToSession } from '../utils/session';

type AuthProviderProps = { children: ReactNode };

/**
 * The session. The user is the /api/auth/me query, never a copy of it: at start-up a
 * stored token is checked with the server (status `loading` until it answers); signing in seeds
 * that query with the user the server returned, so no second request is made.
 */
export function AuthProvider({ children }: AuthProviderProps) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeToSession, getToken, () => null);
  const me = useQuery({ ...meQueryOptions(), enabled: Boolean(token) });

  // Any 401 on a call that carried a token ends the session and shows /login with
  // 'Sessão expirada'. http.ts has already cleared storage; here the app learns of it at once, drops
  // every cached answer of that session, and the guard navigates — no full reload, so the notice
  // is not consumed by a login page that a reload then throws away.
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        setAuthFlash('session_expired');
        endSession();
        queryClient.clear();
      }),
    [queryClient],
  );

  // A token the server refuses (or a me call that fails) ends the session: storage is cleared.
  useEffect(() => {
    if (token && me.isError) endSession();
  }, [token, me.isError]);

  // Keep the stored copy of the user current.
  useEffect(() => {
    if (token && me.data) storeUser(me.data);
  }, [token, me.data]);

  const status: AuthStatus = !token
    ? 'unauthenticated'
    : me.isSuccess
      ? 'authenticated'
      : me.isError
        ? 'unauthenticated'
        : 'loading';
  const user = token && me.data ? me.data : null;

  const startSession = useCallback(
    ({ access_token, user: signedIn }: AuthResponse) => {
      queryClient.setQueryData(authKeys.me(), signedIn);
      saveSession(access_token, signedIn);
    },
    [queryClient],
  );

  const attempt = useCallback(
    async (call: () => Promise<AuthResponse>, fallback: string, unexpected: string): Promise<AuthResult> => {
      try {
        const answer = await call();
        startSession(answer);
        return { success: true, user: answer.user };
      } catch (error) {
        if (error instanceof HttpError) {
          return { success: false, status: error.status, message: error.serverMessage ?? fallback };
        }
        return { success: false, message: unexpected };
      }
    },
    [startSession],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      status,
      login: (body) => attempt(() => loginRequest(body), t('errors.loginError'), t('errors.loginUnexpected')),
      register: (body) =>
        attempt(() => registerRequest(body), t('errors.registerError'), t('errors.registerUnexpected')),
      loginWithGoogle: (code) =>
        attempt(
          () => googleSignIn({ code, redirect_uri: `${window.location.origin}/auth/callback` }),
          t('errors.googleError'),
          t('errors.googleError'),
        ),
      logout: async () => {
        try {
          await logoutRequest();
        } catch (error) {
          // Logout failures are only logged; the local session ends regardless.
          console.warn('Logout request failed', error);
        }
        endSession();
        // Nothing fetched for this user may show to the next one.
        queryClient.clear();
      },
      refresh: async () => {
        await queryClient.refetchQueries({ queryKey: authKeys.me() });
      },
    }),
    [attempt, queryClient, status, t, user],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
