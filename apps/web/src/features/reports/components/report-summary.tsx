import type { PipelineReport } from '@funil/shared';
import { useTranslation } from 'react-i18next';
import type { ReportFigures } from '../utils/report-figures';

type StatProps = { label: string; value: string; detail?: string };

function Stat({ label, value, detail }: StatProps) {
  return (
    <div className="grid content-start gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      {detail ? <dd className="text-xs text-muted-foreground">{detail}</dd> : null}
    </div>
  );
}

type ReportSummaryProps = { total: PipelineReport['total']; figures: ReportFigures };

/** The period's totals: created, won and lost (with their credit), conversion, days to sign. */
export function ReportSummary({ total, figures }: ReportSummaryProps) {
  const { t } = useTranslation('reports');
  return (
    <dl aria-label={t('summary.label')} className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      <Stat label={t('summary.created')} value={figures.count(total.created)} />
      <Stat
        label={t('summary.won')}
        value={figures.count(total.won)}
        detail={t('summary.credit', { amount: figures.money(total.won_credit) })}
      />
      <Stat
        label={t('summary.lost')}
        value={figures.count(total.lost)}
        detail={t('summary.credit', { amount: figures.money(total.lost_credit) })}
      />
      <Stat
        label={t('summary.conversion')}
        value={figures.conversion(total.conversion)}
        detail={t('summary.conversionHint')}
      />
      <Stat
        label={t('summary.avgDays')}
        value={figures.days(total.avg_days_to_sign)}
        detail={t('summary.avgDaysHint')}
      />
    </dl>
  );
}
