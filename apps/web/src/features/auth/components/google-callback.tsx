import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FullScreenLoader } from '@/components/layout/full-screen-loader';

export const GOOGLE_AUTH_SUCCESS = 'GOOGLE_AUTH_SUCCESS';
export const GOOGLE_AUTH_ERROR = 'GOOGLE_AUTH_ERROR';

/**
 * /auth/callback: inside the Google sign-in popup, hand `code` or `error` to the
 * opener (same origin only) and close; opened directly, there is nobody to tell, so go to /login.
 */
export function GoogleCallback() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();

  useEffect(() => {
    const opener = window.opener as Window | null;
    if (!opener) {
      void navigate('/login', { replace: true });
      return;
    }
    const code = searchParams.get('code');
    const error = searchParams.get('error');
    const message = error ? { type: GOOGLE_AUTH_ERROR, error } : { type: GOOGLE_AUTH_SUCCESS, code };
    opener.postMessage(message, window.location.origin);
    window.close();
  }, [navigate, searchParams]);

  return <FullScreenLoader title={t('states.loading')} description={t('states.pleaseWait')} />;
}
