import type { ContractStatus, LeadColumnTotals } from '@funil/shared';
import { ChevronsLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ContractStatusBadge } from '@/components/contract-status-badge';
import { Button } from '@/components/ui/button';
import { formatCurrency } from '@/lib/format';
import { formatProbability } from '../utils/forecast';
import { ColumnCountBadge } from './column-count-badge';
import { ColumnStaleBadge } from './column-stale-badge';

type ColumnHeaderProps = {
  headingId: string;
  status: ContractStatus;
  label: string;
  totals: LeadColumnTotals;
  onCollapse: () => void;
};

/**
 * A column's name, true count, stale count, the BRL sums of its credit and invest (whatever is
 * loaded) and its forecast: the credit weighed by the status's probability.
 */
export function ColumnHeader({ headingId, status, label, totals, onCollapse }: ColumnHeaderProps) {
  const { t, i18n } = useTranslation('pipeline');
  const money = (value: number) => formatCurrency(value, i18n.language, { decimals: false });
  return (
    <div className="grid gap-1 border-b px-3 py-2">
      <div className="flex items-center gap-2">
        <h2 id={headingId} className="min-w-0">
          <ContractStatusBadge status={status} className="text-sm" />
        </h2>
        <ColumnCountBadge label={label} count={totals.count} />
        <ColumnStaleBadge count={totals.stale_count} />
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto size-7"
          aria-label={t('column.collapse', { column: label })}
          onClick={onCollapse}
        >
          <ChevronsLeftIcon />
        </Button>
      </div>
      <dl className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
        <div className="flex gap-1">
          <dt>{t('column.credit')}</dt>
          <dd className="font-medium text-foreground tabular-nums">{money(totals.credit)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('column.invest')}</dt>
          <dd className="font-medium text-foreground tabular-nums">{money(totals.invest)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('column.forecast')}</dt>
          <dd className="flex gap-1 font-medium text-foreground tabular-nums">
            {money(totals.weighted_credit)}
            <span
              className="font-normal text-muted-foreground"
              title={t('column.probability', {
                percent: formatProbability(totals.probability, i18n.language),
              })}
            >
              ({formatProbability(totals.probability, i18n.language)})
            </span>
          </dd>
        </div>
      </dl>
    </div>
  );
}
