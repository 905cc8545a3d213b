import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** Placeholder until its issue lands (SPEC.md §2). */
export function LeadsEditRoute() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder title={t('pages.leadsEdit.title')} description={t('pages.leadsEdit.description')} />
  );
}
