import { useCallback, useEffect, useSyncExternalStore, type RefObject } from 'react';

function subscribe(onChange: () => void) {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

function getIsFullscreen() {
  return Boolean(document.fullscreenElement);
}

/**
 * The Fullscreen API around one element. Esc is the browser's own way out; the state follows it
 * through `fullscreenchange`, so the button's icon is right however fullscreen ends.
 */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const isFullscreen = useSyncExternalStore(subscribe, getIsFullscreen, () => false);
  const isSupported = typeof document !== 'undefined' && document.fullscreenEnabled !== false;

  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await (target.current ?? document.documentElement).requestFullscreen();
    } catch {
      // Refused (no user gesture, iframe without permission): the page simply stays as it is.
    }
  }, [target]);

  return { isFullscreen, isSupported, toggle };
}

/** Leaves fullscreen when the component that offered it goes away (the user navigated on). */
export function useExitFullscreenOnUnmount() {
  useEffect(
    () => () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    },
    [],
  );
}
