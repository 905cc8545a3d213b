import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** Placeholder until its issue lands (SPEC.md §2). */
export function BrandsManageRoute() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder
      title={t('pages.brandsManage.title')}
      description={t('pages.brandsManage.description')}
    />
  );
}
