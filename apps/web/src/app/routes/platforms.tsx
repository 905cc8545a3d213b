import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** Placeholder until its issue lands (SPEC.md §2). */
export function PlatformsRoute() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder title={t('pages.platforms.title')} description={t('pages.platforms.description')} />
  );
}
