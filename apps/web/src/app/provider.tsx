import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { i18n } from '@/i18n';
import { queryClient as defaultQueryClient } from '@/lib/query-client';

// Fetched after the first screen's code, not with it: the sign-in screens raise toasts only on a
// failure (through lib/toast-later.ts), and no toast can show before this has loaded anyway.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/sonner')).Toaster }));

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass a fresh client so no cache leaks between them. */
  queryClient?: QueryClient;
};

/** Everything a screen may rely on: i18n, server state, theme, toasts (tooltips: AppShell). */
export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ThemeProvider>
            {children}
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          </ThemeProvider>
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
