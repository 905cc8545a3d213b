import type { PipelineReport, ReportGroup } from '@funil/shared';
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import {
  type ChartConfig,
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
} from '@/components/ui/chart';
import type { ReportFigures } from '../utils/report-figures';
import { groupLabel } from '../utils/report-labels';

type OutcomesChartProps = {
  report: PipelineReport;
  group: ReportGroup;
  figures: ReportFigures;
};

/** What a won or lost bar's tooltip adds to the count: the credit of those deals. */
const CREDIT_OF = { won: 'won_credit', lost: 'lost_credit' } as const;

/**
 * Created, won and lost per group, side by side. The colours are the theme's (they follow light
 * and dark); the chart itself is an image for screen readers, whose figures are in the table.
 */
export function OutcomesChart({ report, group, figures }: OutcomesChartProps) {
  const { t } = useTranslation('reports');
  const config = {
    created: { label: t('columns.created'), color: 'var(--primary)' },
    won: { label: t('columns.won'), color: 'var(--chart-2)' },
    lost: { label: t('columns.lost'), color: 'var(--destructive)' },
  } satisfies ChartConfig;
  const unassigned = t(`unassigned.${group}`);
  const data = report.groups.map((row) => ({
    ...row,
    name: groupLabel(row, group, figures.language, unassigned, 'short'),
    fullName: groupLabel(row, group, figures.language, unassigned),
  }));

  return (
    <div role="img" aria-label={t('outcomes.chartLabel', { group: t(`group.${group}`).toLowerCase() })}>
      <ChartContainer config={config} className="aspect-auto h-72 w-full">
        <BarChart data={data} accessibilityLayer={false} margin={{ left: -12, right: 4 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="name" tickLine={false} axisLine={false} tickMargin={8} minTickGap={8} />
          <YAxis
            allowDecimals={false}
            tickLine={false}
            axisLine={false}
            width={48}
            tickFormatter={(value: number) => figures.count(value)}
          />
          <ChartTooltip
            content={
              <ChartTooltipContent
                labelFormatter={(_, payload) =>
                  (payload[0]?.payload as { fullName?: string } | undefined)?.fullName
                }
                valueFormatter={(value, item) => {
                  const count = figures.count(Number(value));
                  const creditKey = CREDIT_OF[item.dataKey as keyof typeof CREDIT_OF] as
                    (typeof CREDIT_OF)[keyof typeof CREDIT_OF] | undefined;
                  const row = item.payload as (typeof data)[number] | undefined;
                  return creditKey && row ? `${count} · ${figures.money(row[creditKey])}` : count;
                }}
              />
            }
          />
          {/* In the bars' order (created, won, lost), not alphabetical. */}
          <ChartLegend content={<ChartLegendContent />} itemSorter={null} />
          <Bar dataKey="created" fill="var(--color-created)" radius={4} />
          <Bar dataKey="won" fill="var(--color-won)" radius={4} />
          <Bar dataKey="lost" fill="var(--color-lost)" radius={4} />
        </BarChart>
      </ChartContainer>
    </div>
  );
}
