import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** Placeholder until its issue lands (SPEC.md §2). */
export function VerticalsRoute() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder title={t('pages.verticals.title')} description={t('pages.verticals.description')} />
  );
}
