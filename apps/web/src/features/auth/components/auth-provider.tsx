import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  authKeys,
  googleSignIn,
  login as loginRequest,
  logout as logoutRequest,
  register as registerRequest,
  type AuthResponse,
} from '@/api/auth';
import { clearAuthFlash, setAuthFlash } from '@/lib/auth-flash';
import { HttpError, setUnauthorizedHandler } from '@/lib/http';
import { AuthContext, type AuthContextValue, type AuthResult, type AuthStatus } from '../hooks/use-auth';
import { endSession, getToken, saveSession, storeUser, subscribeToSession } from '../utils/session';
import { sessionQueryOptions } from '../utils/session-query';

type AuthProviderProps = { children: ReactNode };

/**
 * The session. The user is the /api/auth/me query, never a copy of it: at start-up a stored token
 * is checked with the server (status `loading` until it answers; main.tsx starts the check before
 * the first render); signing in seeds that query with the user the server returned, so no second
 * request is made.
 */
export function AuthProvider({ children }: AuthProviderProps) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeToSession, getToken, () => null);
  const me = useQuery({ ...sessionQueryOptions(), enabled: Boolean(token) });

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

  // A token the server refuses ends the session (a 401 has already done so through the handler
  // above; any other lasting refusal of /me leaves no user to show): storage is cleared.
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

  // Signed in again (here or in another tab): the login page's 'Sessão expirada' has been read.
  useEffect(() => {
    if (status === 'authenticated') clearAuthFlash();
  }, [status]);

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
        // The request leaves with the token; the local session ends at once, before the server's
        // answer, so the refusals its revocation causes meanwhile (the live stream's reconnection,
        // a query in flight) find it already ended and do not call this a 'Sessão expirada'.
        const request = logoutRequest();
        endSession();
        // Nothing fetched for this user may show to the next one.
        queryClient.clear();
        try {
          await request;
        } catch (error) {
          // Logout failures are only logged; the local session has ended regardless.
          console.warn('Logout request failed', error);
        }
      },
      refresh: async () => {
        await queryClient.refetchQueries({ queryKey: authKeys.me() });
      },
    }),
    [attempt, queryClient, status, t, user],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
