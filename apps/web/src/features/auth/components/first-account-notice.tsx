import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setupStatusQueryOptions } from '@/api/auth';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/**
 * On an installation with no account yet, tells the visitor that the first account registered
 * becomes the administrator (docs/api.md, Roles) and links to the registration. Says nothing while
 * the answer is pending or when the question fails: the login form works either way.
 */
export function FirstAccountNotice() {
  const { t } = useTranslation('auth');
  const titleId = useId();
  const { data } = useQuery({
    ...setupStatusQueryOptions(),
    // The answer changes when the first account registers, perhaps in this very tab: ask again
    // on every visit instead of trusting the app's never-stale cache.
    staleTime: 0,
    gcTime: 0,
  });
  if (data?.has_users !== false) return null;

  return (
    <Alert role="status" aria-labelledby={titleId}>
      <Info aria-hidden />
      <AlertTitle id={titleId}>{t('login.firstAccount.title')}</AlertTitle>
      <AlertDescription>
        <p>{t('login.firstAccount.description')}</p>
        <Link
          to="/register"
          className="rounded-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {t('login.firstAccount.link')}
        </Link>
      </AlertDescription>
    </Alert>
  );
}
