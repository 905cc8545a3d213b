import { Maximize, Minimize } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderIconButton } from './header-icon-button';
import { useExitFullscreenOnUnmount, useFullscreen } from './use-fullscreen';

type FullscreenButtonProps = { target: RefObject<HTMLElement | null> };

/** Shown only on pages whose route handle asks for it (`fullscreen: true` in app/router.tsx). */
export function FullscreenButton({ target }: FullscreenButtonProps) {
  const { t } = useTranslation();
  const { isFullscreen, isSupported, toggle } = useFullscreen(target);
  useExitFullscreenOnUnmount();
  if (!isSupported) return null;

  const label = isFullscreen ? t('shell.fullscreen.exit') : t('shell.fullscreen.enter');
  return (
    <HeaderIconButton label={label} aria-pressed={isFullscreen} onClick={() => void toggle()}>
      {isFullscreen ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
    </HeaderIconButton>
  );
}
