import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, isRouteErrorResponse, useRouteError } from 'react-router';
import { FullScreenLoader } from '@/components/layout/full-screen-loader';
import { Button } from '@/components/ui/button';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first screen's code loads. */
export function RootHydrateFallback() {
  const { t } = useTranslation();
  return <FullScreenLoader title={t('states.loading')} description={t('states.pleaseWait')} />;
}

/**
 * Last resort for a render error or a screen chunk that fails to load (typically a deploy that
 * replaced the hashed files under an open tab): reloading fetches the new ones.
 */
export function RootErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{t('errorBoundary.title')}</h1>
      <p className="max-w-md text-muted-foreground">{t('errorBoundary.description')}</p>
      {detail && <pre className="max-w-lg overflow-auto rounded-md bg-muted px-3 py-2 text-xs">{detail}</pre>}
      <Button onClick={() => window.location.reload()}>{t('errorBoundary.reload')}</Button>
    </main>
  );
}
