import { Navigate } from 'react-router';
import { AuthCheckingScreen } from '@/features/auth/components/auth-guard';
import { RegisterPage } from '@/features/auth/components/register-page';
import { useAuthStatus } from '@/features/auth/hooks/use-auth-status';

/** A signed-in user is sent to /dashboard. */
export function RegisterRoute() {
  const status = useAuthStatus();
  if (status === 'loading') return <AuthCheckingScreen />;
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  return <RegisterPage />;
}
