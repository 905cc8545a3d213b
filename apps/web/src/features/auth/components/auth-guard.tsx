import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoader } from '@/components/layout/full-screen-loader';
import { useAuth } from '../hooks/use-auth';

export function AuthCheckingScreen() {
  const { t } = useTranslation('auth');
  return <FullScreenLoader title={t('guard.checking')} />;
}

type AuthGuardProps = { children: ReactNode };

/** A card while auth resolves, /login without a session, else the protected screen. */
export function AuthGuard({ children }: AuthGuardProps) {
  const { status } = useAuth();
  const location = useLocation();

  if (status === 'loading') return <AuthCheckingScreen />;
  if (status === 'unauthenticated') {
    // `from` lets the login page send the user back where they were going.
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return children;
}
