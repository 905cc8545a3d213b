import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useLoadError } from './data-table/use-load-error';

type LoadFailedRedirectOptions = {
  /** The query's error; nothing happens while it is null. */
  error: unknown;
  /** The toast's title, and its text when the server gave none. */
  title: string;
  /** One toast per screen: a second failure replaces the first instead of stacking. */
  toastId: string;
  /** Where the screen goes back to, replacing the page that could not be shown in the history. */
  to: string;
};

/**
 * An edit page whose record cannot be loaded has nothing to show: it says why in an error toast
 * (the server's message, else `title`) and goes back to where the record was chosen.
 */
export function useLoadFailedRedirect({ error, title, toastId, to }: LoadFailedRedirectOptions) {
  const navigate = useNavigate();
  const message = useLoadError({ error, title, fallback: title, toastId });
  useEffect(() => {
    if (message) void navigate(to, { replace: true });
  }, [message, navigate, to]);
}
