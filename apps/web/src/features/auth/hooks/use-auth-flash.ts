import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { clearAuthFlash, peekAuthFlash, type AuthFlash } from '@/lib/auth-flash';

/**
 * Shows, once, the notice left for the login page (today: "session expired" after a 401) as an
 * error toast, and returns it so the page can also keep it on screen.
 */
export function useAuthFlash(): AuthFlash | null {
  const { t } = useTranslation('errors');
  // Read during render, removed in the effect: rendering stays pure (StrictMode renders twice).
  const [flash] = useState(peekAuthFlash);

  useEffect(() => {
    if (!flash) return;
    clearAuthFlash();
    // A fixed toast id: StrictMode runs effects twice in development, the user sees one toast.
    toast.error(t('session_expired'), { id: 'auth-flash' });
  }, [flash, t]);

  return flash;
}
