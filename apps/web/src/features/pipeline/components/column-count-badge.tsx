import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** A column's true count, in the language's digits, read as "Frio: 412 oportunidades". */
export function ColumnCountBadge({ label, count }: { label: string; count: number }) {
  const { t, i18n } = useTranslation('pipeline');
  return (
    <Badge
      variant="secondary"
      className="tabular-nums"
      aria-label={t('column.label', { column: label, count })}
    >
      {new Intl.NumberFormat(i18n.language).format(count)}
    </Badge>
  );
}
