import type { ContractStatus } from '@funil/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/**
 * One hue per pipeline status, a light tint with a 900 text in the light theme and the reverse in
 * the dark one: each pair is above 7:1, so the label reads at WCAG AA (AAA, in fact) in both.
 */
export const CONTRACT_STATUS_CLASSES: Record<ContractStatus, string> = {
  frio: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  morno: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-900 dark:text-yellow-100',
  quente: 'bg-orange-100 text-orange-900 dark:bg-orange-900 dark:text-orange-100',
  fechado: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100',
  no_juridico: 'bg-fuchsia-100 text-fuchsia-900 dark:bg-fuchsia-900 dark:text-fuchsia-100',
  assinado: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  declinado: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
  cancelado: 'bg-zinc-200 text-zinc-900 dark:bg-zinc-700 dark:text-zinc-100',
};

type ContractStatusBadgeProps = {
  status: ContractStatus;
  className?: string;
};

/** A lead's contract status ('Frio', 'No jurídico'...) in its colour. */
export function ContractStatusBadge({ status, className }: ContractStatusBadgeProps) {
  const { t } = useTranslation('leads');
  return (
    <Badge
      data-status={status}
      className={cn('border-transparent', CONTRACT_STATUS_CLASSES[status], className)}
    >
      {t(`contractStatus.${status}`)}
    </Badge>
  );
}
