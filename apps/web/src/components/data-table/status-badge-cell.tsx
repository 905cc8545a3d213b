import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** A row's status in a list: 'Ativo' in green, 'Inativo' in grey. */
export function StatusBadgeCell({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation('common');
  return isActive ? (
    <Badge variant="success">{t('status.active')}</Badge>
  ) : (
    <Badge variant="secondary">{t('status.inactive')}</Badge>
  );
}
