import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster, type ToasterProps } from 'sonner';
import { TOAST_DURATION_MS } from '@funil/shared';
import { useTheme } from '@/components/theme/theme-provider';

/**
 * One toast at a time, 3000 ms each. The theme follows the app's, not the OS's.
 * The max width keeps toasts at 420px from medium screens up.
 */
export function Toaster(props: ToasterProps) {
  const { resolvedTheme } = useTheme();
  return (
    <SonnerToaster
      theme={resolvedTheme}
      className="toaster group"
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--width': 'min(420px, calc(100vw - 2rem))',
        } as CSSProperties
      }
      {...props}
    />
  );
}
