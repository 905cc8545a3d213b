import { AlertCircle } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, type Location } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { toastLater } from '@/lib/toast-later';
import { useAuthFlash } from '../hooks/use-auth-flash';
import { useAuth } from '../hooks/use-auth';
import { AuthLayout } from './auth-layout';
import { FirstAccountNotice } from './first-account-notice';
import { GoogleSignInButton } from './google-sign-in-button';
import { LoginForm, type LoginFormValues, type LoginSubmitResult } from './login-form';

// Few visitors ask for a reset link: the dialog (and its dialog primitives) load on first use,
// not with the login page.
const ForgotPasswordDialog = lazy(() =>
  import('./forgot-password-dialog').then((module) => ({ default: module.ForgotPasswordDialog })),
);

/** Where the guard was sending the user before it asked them to sign in. */
function useReturnPath(): string {
  const location = useLocation() as Location<{ from?: Location } | null>;
  const from = location.state?.from;
  return from ? `${from.pathname}${from.search}${from.hash}` : '/dashboard';
}

export function LoginPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const flash = useAuthFlash();
  const auth = useAuth();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [isForgotOpen, setIsForgotOpen] = useState(false);
  // Stays mounted once opened, so closing can animate and reopening does not wait again.
  const [wasForgotOpened, setWasForgotOpened] = useState(false);

  const openForgotPassword = () => {
    setWasForgotOpened(true);
    setIsForgotOpen(true);
  };

  const handleSubmit = async ({ email, password }: LoginFormValues): Promise<LoginSubmitResult> => {
    const result = await auth.login({ email, password });
    if (!result.success) return result;
    await navigate(returnPath, { replace: true });
    return { success: true };
  };

  const handleGoogleCode = useCallback(
    async (code: string) => {
      const result = await auth.loginWithGoogle(code);
      if (result.success) await navigate(returnPath, { replace: true });
      else toastLater.error(result.message);
    },
    [auth, navigate, returnPath],
  );

  const handleGoogleError = useCallback((message: string) => {
    toastLater.error(message);
  }, []);

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <FirstAccountNotice />
      {flash === 'session_expired' && (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <AlertDescription>{t('errors:session_expired')}</AlertDescription>
        </Alert>
      )}

      <LoginForm onSubmit={handleSubmit} onForgotPassword={openForgotPassword} />
      <GoogleSignInButton onCode={handleGoogleCode} onError={handleGoogleError} />
      {wasForgotOpened && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={isForgotOpen} onOpenChange={setIsForgotOpen} />
        </Suspense>
      )}
    </AuthLayout>
  );
}
