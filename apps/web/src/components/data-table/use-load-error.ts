import { useEffect } from 'react';
import { toastLater } from '@/lib/toast-later';
import { getErrorMessage } from '@/lib/http';

/**
 * A list that failed to load says so twice: the table's error panel (with 'Tentar Novamente') and
 * a toast titled as the panel ('Erro ao carregar verticais'). Returns the message for the panel:
 * the server's, else `fallback`. The toast has an id per list, so a retry that fails again replaces
 * it instead of stacking another.
 */
export function useLoadError({
  error,
  title,
  fallback,
  toastId,
}: {
  error: unknown;
  title: string;
  fallback: string;
  toastId: string;
}): string | undefined {
  const message = error ? getErrorMessage(error, fallback) : undefined;
  useEffect(() => {
    if (message) toastLater.error(title, { description: message, id: toastId });
  }, [message, title, toastId]);
  return message;
}
