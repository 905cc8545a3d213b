import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** Placeholder until its issue lands (SPEC.md §2). */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder
      title={t('pages.passwordReset.title')}
      description={t('pages.passwordReset.description')}
    />
  );
}
