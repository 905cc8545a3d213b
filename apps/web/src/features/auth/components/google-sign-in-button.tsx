import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { googleConfigQueryOptions } from '@/api/auth';
import { Button } from '@/components/ui/button';
import { GOOGLE_AUTH_ERROR, GOOGLE_AUTH_SUCCESS } from './google-callback';

type GoogleSignInButtonProps = {
  /** Receives the authorization code the popup handed back. */
  onCode: (code: string) => Promise<void>;
  onError: (message: string) => void;
};

type PopupMessage = { type?: unknown; code?: unknown };

const POPUP_FEATURES = 'width=500,height=640,menubar=no,toolbar=no';

/**
 * 'Entrar com Google', shown only when the server says Google sign-in is configured. The provider
 * opens in a popup; /auth/callback posts the code back here. Only messages from this very origin
 * are trusted: any other page could post a forged code.
 */
export function GoogleSignInButton({ onCode, onError }: GoogleSignInButtonProps) {
  const { t } = useTranslation('auth');
  const config = useQuery(googleConfigQueryOptions());
  const [isWaiting, setIsWaiting] = useState(false);
  const popupRef = useRef<Window | null>(null);

  useEffect(() => {
    if (!isWaiting) return;
    const handleMessage = (event: MessageEvent<PopupMessage>) => {
      if (event.origin !== window.location.origin) return;
      const { type, code } = event.data ?? {};
      if (type === GOOGLE_AUTH_SUCCESS && typeof code === 'string' && code) {
        void onCode(code).finally(() => setIsWaiting(false));
      } else if (type === GOOGLE_AUTH_SUCCESS || type === GOOGLE_AUTH_ERROR) {
        setIsWaiting(false);
        onError(t('errors.googleError'));
      }
    };
    // The user may just close the popup: stop waiting then.
    const poll = window.setInterval(() => {
      if (popupRef.current?.closed) setIsWaiting(false);
    }, 500);
    window.addEventListener('message', handleMessage);
    return () => {
      window.removeEventListener('message', handleMessage);
      window.clearInterval(poll);
    };
  }, [isWaiting, onCode, onError, t]);

  if (!config.data?.enabled || !config.data.authorize_url) return null;
  const authorizeUrl = config.data.authorize_url;

  const handleClick = () => {
    const popup = window.open(authorizeUrl, 'funil-google-sign-in', POPUP_FEATURES);
    if (!popup) {
      onError(t('errors.popupBlocked'));
      return;
    }
    popupRef.current = popup;
    setIsWaiting(true);
  };

  return (
    <>
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        {t('login.orContinueWith')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        onClick={handleClick}
        disabled={isWaiting}
      >
        {isWaiting ? <Loader2 className="animate-spin" aria-hidden /> : <GoogleMark />}
        {t('login.google')}
      </Button>
    </>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.94l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}
