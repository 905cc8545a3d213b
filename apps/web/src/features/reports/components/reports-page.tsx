import { useQuery } from '@tanstack/react-query';
import { AlertCircle, ChartNoAxesColumn, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pipelineReportQueryOptions } from '@/api/reports';
import { DataTableStatePanel } from '@/components/data-table/data-table-state-panel';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { browserTimeZone } from '@/lib/download';
import { getErrorMessage } from '@/lib/http';
import { useReportParams } from '../hooks/use-report-params';
import { reportFigures } from '../utils/report-figures';
import { toReportFilterParams } from '../utils/report-filters';
import { lostReasonsTable, outcomesTable } from '../utils/report-tables';
import { LostReasonsChart } from './lost-reasons-chart';
import { OutcomesChart } from './outcomes-chart';
import { ReportControls } from './report-controls';
import { ReportFiltersPanel } from './report-filters-panel';
import { ReportSection } from './report-section';
import { ReportSummary } from './report-summary';

function ReportSkeleton() {
  const { t } = useTranslation('reports');
  return (
    <div className="grid gap-6" aria-busy="true" aria-label={t('loading')}>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-96" />
    </div>
  );
}

/**
 * /relatorios: what the pipeline did in a period, for the leads the filters let through — totals,
 * then created/won/lost per group and the lost reasons, each as a chart and a table that can be
 * exported. Days and months are the browser's time zone's. The shell shows the page's title and
 * description (route handle).
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation('reports');
  const { t: tCommon } = useTranslation('common');
  const { t: tPipeline } = useTranslation('pipeline');
  const params = useReportParams();
  const { group, range, problem, filters, activeFilterCount } = params;
  const query = useQuery({
    ...pipelineReportQueryOptions({
      ...toReportFilterParams(filters),
      ...range,
      group_by: group,
      tz: browserTimeZone(),
    }),
    enabled: problem === null,
  });
  const figures = reportFigures(i18n.resolvedLanguage ?? i18n.language);
  // The figures shown are those of the grouping they were asked for, until the new ones arrive.
  const report = query.data;
  const shownGroup = report?.group_by ?? group;
  const groupName = t(`group.${shownGroup}`).toLowerCase();
  const isEmpty = report !== undefined && report.total.created + report.total.won + report.total.lost === 0;

  return (
    <div className="flex w-full max-w-7xl flex-col gap-6">
      <ReportControls
        period={params.period}
        group={group}
        range={range}
        problem={problem}
        onPeriodChange={params.setPeriod}
        onGroupChange={params.setGroup}
        onRangeChange={params.setRange}
      />
      <ReportFiltersPanel
        filters={filters}
        activeCount={activeFilterCount}
        onChange={params.setFilters}
        onClear={params.clearFilters}
      />
      {problem !== null ? null : report ? (
        <div className="grid gap-6" aria-busy={query.isPlaceholderData || undefined}>
          <ReportSummary total={report.total} figures={figures} />
          {isEmpty ? (
            <div className="rounded-xl border bg-card">
              <DataTableStatePanel
                icon={<ChartNoAxesColumn className="size-10 text-muted-foreground" aria-hidden />}
                title={t('empty.title')}
                description={activeFilterCount > 0 ? t('empty.filtered') : t('empty.description')}
                action={
                  activeFilterCount > 0 ? (
                    <Button variant="outline" onClick={params.clearFilters}>
                      <XIcon aria-hidden />
                      {tPipeline('filters.clear')}
                    </Button>
                  ) : undefined
                }
              />
            </div>
          ) : (
            <>
              <ReportSection
                title={t('outcomes.title', { group: groupName })}
                description={t('outcomes.description')}
                chart={<OutcomesChart report={report} group={shownGroup} figures={figures} />}
                table={outcomesTable(report, shownGroup, figures, t)}
                figures={figures}
                fileName={t('outcomes.fileName', { group: groupName })}
              />
              <ReportSection
                title={t('reasons.title')}
                description={report.lost_reasons.length > 0 ? t('reasons.description') : t('reasons.empty')}
                chart={
                  report.lost_reasons.length > 0 ? (
                    <LostReasonsChart reasons={report.lost_reasons} figures={figures} />
                  ) : null
                }
                table={lostReasonsTable(report, t)}
                figures={figures}
                fileName={t('reasons.fileName')}
              />
            </>
          )}
        </div>
      ) : query.isError ? (
        <div className="rounded-xl border bg-card">
          <DataTableStatePanel
            role="alert"
            icon={<AlertCircle className="size-10 text-destructive" aria-hidden />}
            title={t('loadError')}
            description={getErrorMessage(query.error, t('loadError'))}
            action={
              <Button variant="outline" onClick={() => void query.refetch()}>
                {tCommon('actions.retry')}
              </Button>
            }
          />
        </div>
      ) : (
        <ReportSkeleton />
      )}
    </div>
  );
}
