import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { visibleFranchises } from '@/components/visible-franchises';

type FranchiseBadgesProps = {
  franchises: readonly string[];
  /** How many names to show before '+N'; 2 on cards and rows. */
  max?: number;
  className?: string;
};

/** A lead's franchises (Praças) as badges: at most `max`, then '+N' naming the rest on hover. */
export function FranchiseBadges({ franchises, max = 2, className }: FranchiseBadgesProps) {
  const { t } = useTranslation('leads');
  const { shown, hidden } = visibleFranchises(franchises, max);
  if (franchises.length === 0) return null;
  const rest = franchises.slice(shown.length).join(', ');
  return (
    <div className={cn('flex flex-wrap gap-1', className)}>
      {shown.map((name) => (
        <Badge key={name} variant="outline">
          {name}
        </Badge>
      ))}
      {hidden > 0 && (
        <Badge variant="secondary" title={rest}>
          <span aria-hidden>{t('franchises.more', { count: hidden })}</span>
          <span className="sr-only">{t('franchises.moreLabel', { count: hidden, names: rest })}</span>
        </Badge>
      )}
    </div>
  );
}
