import { Navigate } from 'react-router';
import { AuthCheckingScreen } from '@/features/auth/components/auth-guard';
import { LoginPage } from '@/features/auth/components/login-page';
import { useAuthStatus } from '@/features/auth/hooks/use-auth-status';

/** Serves /, /secure-login and /login. A signed-in user has nothing to do here. */
export function LoginRoute() {
  const status = useAuthStatus();
  if (status === 'loading') return <AuthCheckingScreen />;
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  return <LoginPage />;
}
