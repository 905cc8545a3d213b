import { Suspense, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AuthCheckingScreen } from '@/features/auth/components/auth-guard';
import { getToken, subscribeToSession } from '@/features/auth/utils/session';

/**
 * Part of the first download, above every signed-in screen: without a stored session it sends the
 * visitor to /login before any of the signed-in app's code is fetched (the screens' lazy routes
 * leave their code unloaded then: ../lazy-screen.ts). With one, the screens render (their own
 * guard checks the session with the server); the Suspense covers a screen whose code is fetched
 * on first render, after a sign-in.
 */
export function SessionGate() {
  const token = useSyncExternalStore(subscribeToSession, getToken, () => null);
  const location = useLocation();
  // `from` lets the login page send the user back where they were going.
  if (!token) return <Navigate to="/login" replace state={{ from: location }} />;
  return (
    <Suspense fallback={<AuthCheckingScreen />}>
      <Outlet />
    </Suspense>
  );
}
