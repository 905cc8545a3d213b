import type { ImportRowAction } from '@funil/shared';
import { UserXIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const VARIANTS: Record<ImportRowAction, BadgeProps['variant']> = {
  create: 'success',
  update: 'default',
  unchanged: 'secondary',
  skip: 'outline',
};

/** What the import does with a row, as a word (never a colour alone). */
export function ActionBadge({ action }: { action: ImportRowAction }) {
  const { t } = useTranslation('spreadsheets');
  return (
    <Badge
      variant={VARIANTS[action]}
      className={cn(
        action === 'skip' && 'border-red-700/60 text-red-700 dark:border-red-300/60 dark:text-red-300',
      )}
    >
      {t(`wizard.preview.actions.${action}`)}
    </Badge>
  );
}

/** A brand row written without its principal contact ("Sem contato"), beside its action. */
export function WithoutContactBadge() {
  const { t } = useTranslation('spreadsheets');
  return (
    <Badge
      variant="outline"
      className="border-amber-700/60 text-amber-800 dark:border-amber-300/60 dark:text-amber-200"
    >
      <UserXIcon aria-hidden />
      {t('wizard.preview.withoutContactBadge')}
    </Badge>
  );
}
