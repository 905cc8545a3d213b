import type { ExternalToast } from 'sonner';

type Kind = 'message' | 'success' | 'error' | 'warning' | 'info';

function show(kind: Kind, message: string, options?: ExternalToast) {
  void import('sonner').then(({ toast }) => {
    if (kind === 'message') toast(message, options);
    else toast[kind](message, options);
  });
}

/**
 * sonner's toasts, its code fetched on the first one: no screen shows one on its first paint
 * (the sign-in screens none until something goes wrong, the board none until something is moved
 * or heard), so the first download leaves it out. A toast raised before the Toaster has loaded
 * shows once it has (sonner replays the active ones to a Toaster that subscribes late); toasts
 * raised one after another show in that order.
 */
export const toastLater = {
  message: (message: string, options?: ExternalToast) => show('message', message, options),
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
};
