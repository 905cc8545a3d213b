import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TrendingUpIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type LeadFilters,
  type LeadSummary,
  leadSummaryQueryOptions,
  useCachedLeadSummary,
} from '@/api/leads';
import { formatCurrency } from '@/lib/format';
import { sumForecast } from '../utils/forecast';
import type { LeadViewMode } from './view-toggle';

type PipelineForecastProps = {
  filters: LeadFilters;
  view: LeadViewMode;
};

/**
 * The whole pipeline's forecast under the current filters. On the board the totals are the ones
 * the board's call seeded (only read here); the list has no board, so there they are fetched.
 */
export function PipelineForecast({ filters, view }: PipelineForecastProps) {
  return view === 'list' ? <FetchedForecast filters={filters} /> : <BoardForecast filters={filters} />;
}

function FetchedForecast({ filters }: { filters: LeadFilters }) {
  const summary = useQuery({ ...leadSummaryQueryOptions(filters), placeholderData: keepPreviousData });
  return <ForecastTotals summary={summary.data} />;
}

function BoardForecast({ filters }: { filters: LeadFilters }) {
  const summary = useCachedLeadSummary(filters);
  // The previous filters' forecast stays until the board brings the new one, as the board does.
  const [shown, setShown] = useState(summary);
  if (summary && summary !== shown) setShown(summary);
  return <ForecastTotals summary={summary ?? shown} />;
}

/**
 * Credit and investment weighed by each status's probability and added up, in whole reais like
 * the column headers; nothing until the totals are known.
 */
function ForecastTotals({ summary }: { summary: LeadSummary | undefined }) {
  const { t, i18n } = useTranslation('pipeline');
  if (!summary) return null;
  const forecast = sumForecast(summary.columns);
  const money = (value: number) => formatCurrency(value, i18n.language, { decimals: false });

  return (
    <section aria-label={t('forecast.label')} className="mr-auto flex items-center gap-2 text-sm">
      <TrendingUpIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <dl className="flex flex-wrap gap-x-4 gap-y-1">
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{t('forecast.credit')}</dt>
          <dd className="font-semibold tabular-nums">{money(forecast.credit)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{t('forecast.invest')}</dt>
          <dd className="font-semibold tabular-nums">{money(forecast.invest)}</dd>
        </div>
      </dl>
    </section>
  );
}
