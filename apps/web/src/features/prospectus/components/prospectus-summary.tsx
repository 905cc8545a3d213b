import type { OfferingSummary } from '@funil/shared';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCountFormat } from '../hooks/use-count-format';

/** One figure; an amount takes a whole row on a phone, where two would not fit side by side. */
function Stat({ label, value, amount = false }: { label: string; value: string; amount?: boolean }) {
  return (
    <div
      className={cn(
        'grid min-w-0 content-start gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm',
        amount && 'col-span-2 md:col-span-1',
      )}
    >
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums wrap-anywhere sm:text-2xl">{value}</dd>
    </div>
  );
}

type ProspectusSummaryProps = {
  year: number;
  /** Undefined while it loads. */
  summary: OfferingSummary | undefined;
};

/**
 * The year's totals over its active offerings: quotas, sold, reserved and available, then the
 * potential at table price and the credit of the opportunities that bought and reserved them
 * (whole reais, as every card writes amounts).
 */
export function ProspectusSummary({ year, summary }: ProspectusSummaryProps) {
  const { t } = useTranslation('prospectus');
  const { currency } = useFormatters();
  const count = useCountFormat();
  const label = t('summary.label', { year });
  if (!summary) {
    return (
      <div aria-busy="true" aria-label={label} className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {Array.from({ length: 7 }, (_, index) => (
          <Skeleton key={index} className="h-20" />
        ))}
      </div>
    );
  }
  const money = (value: number) => currency(value, { decimals: false });
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <Stat label={t('summary.quantity')} value={count(summary.quantity)} />
      <Stat label={t('summary.sold')} value={count(summary.sold)} />
      <Stat label={t('summary.held')} value={count(summary.held)} />
      <Stat label={t('summary.available')} value={count(summary.available)} />
      <Stat label={t('summary.potential')} value={money(summary.potential)} amount />
      <Stat label={t('summary.soldCredit')} value={money(summary.sold_credit)} amount />
      <Stat label={t('summary.heldCredit')} value={money(summary.held_credit)} amount />
    </dl>
  );
}
