import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { peekAuthFlash, type AuthFlash } from '@/lib/auth-flash';
import { toastLater } from '@/lib/toast-later';

/**
 * The notice left for the login page (today: "session expired" after a 401), shown as an error
 * toast when the page opens and returned so the page keeps it on screen. It is not removed here:
 * it lasts until the user is signed in again (AuthProvider), so whichever way the tab reached
 * /login — the 401 itself, or a reload or a link followed afterwards — the page says why.
 */
export function useAuthFlash(): AuthFlash | null {
  const { t } = useTranslation('errors');
  const [flash] = useState(peekAuthFlash);

  useEffect(() => {
    if (!flash) return;
    // A fixed toast id: StrictMode runs effects twice in development, the user sees one toast.
    toastLater.error(t('session_expired'), { id: 'auth-flash' });
  }, [flash, t]);

  return flash;
}
