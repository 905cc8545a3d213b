import { TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { STALE_TEXT_CLASS } from '@/components/lead-status-age';
import { cn } from '@/lib/utils';

/** How many of a column's deals are stale ("3 parados"), with the cards' icon and amber; none: nothing. */
export function ColumnStaleBadge({ count }: { count: number }) {
  const { t } = useTranslation('pipeline');
  if (count <= 0) return null;
  return (
    <Badge
      variant="outline"
      className={cn('gap-1 border-amber-500/60 tabular-nums dark:border-amber-400/60', STALE_TEXT_CLASS)}
    >
      <TriangleAlertIcon aria-hidden />
      {t('column.staleCount', { count })}
    </Badge>
  );
}
