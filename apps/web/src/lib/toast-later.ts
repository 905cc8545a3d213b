type ToastOptions = { id?: string | number };

/**
 * sonner's toasts, its code fetched on the first one: the sign-in screens show none until
 * something goes wrong, so their first download leaves it out. A toast raised before the Toaster
 * has loaded shows once it has (sonner replays the active ones to a Toaster that subscribes late).
 */
export const toastLater = {
  error(message: string, options?: ToastOptions) {
    void import('sonner').then(({ toast }) => toast.error(message, options));
  },
  success(message: string, options?: ToastOptions) {
    void import('sonner').then(({ toast }) => toast.success(message, options));
  },
};
