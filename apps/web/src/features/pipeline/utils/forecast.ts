import type { LeadColumnTotals } from '@funil/shared';

export type PipelineForecast = { credit: number; invest: number };

/** The whole pipeline's forecast: each column's sums weighed by its probability, added up. */
export function sumForecast(columns: readonly LeadColumnTotals[]): PipelineForecast {
  return columns.reduce(
    (sum, column) => ({
      credit: sum.credit + column.weighted_credit,
      invest: sum.invest + column.weighted_invest,
    }),
    { credit: 0, invest: 0 },
  );
}

/** A probability in percent (50) as the language writes it ("50%", "50 %"). */
export function formatProbability(percent: number, lng: string): string {
  return new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}
