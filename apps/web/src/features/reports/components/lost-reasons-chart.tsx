import type { PipelineReport } from '@funil/shared';
import { Bar, BarChart, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { type ChartConfig, ChartContainer, ChartTooltip, ChartTooltipContent } from '@/components/ui/chart';
import type { ReportFigures } from '../utils/report-figures';

type LostReasonsChartProps = {
  reasons: PipelineReport['lost_reasons'];
  figures: ReportFigures;
};

/** A reason's label on the axis, cut so the bars keep room on a phone; the tooltip has it whole. */
const AXIS_LABEL_LENGTH = 22;
const AXIS_WIDTH = 180;
const ROW_HEIGHT = 36;

/** The period's lost reasons as horizontal bars, most frequent on top. */
export function LostReasonsChart({ reasons, figures }: LostReasonsChartProps) {
  const { t } = useTranslation('reports');
  const config = { count: { label: t('reasons.count'), color: 'var(--destructive)' } } satisfies ChartConfig;

  return (
    <div role="img" aria-label={t('reasons.chartLabel')}>
      <ChartContainer
        config={config}
        className="aspect-auto w-full"
        style={{ height: Math.max(3, reasons.length) * ROW_HEIGHT + 24 }}
      >
        <BarChart data={reasons} layout="vertical" accessibilityLayer={false} margin={{ left: 0, right: 16 }}>
          <XAxis
            type="number"
            allowDecimals={false}
            tickLine={false}
            axisLine={false}
            tickFormatter={(value: number) => figures.count(value)}
          />
          <YAxis
            type="category"
            dataKey="reason"
            tickLine={false}
            axisLine={false}
            width={AXIS_WIDTH}
            tickFormatter={(reason: string) =>
              reason.length > AXIS_LABEL_LENGTH ? `${reason.slice(0, AXIS_LABEL_LENGTH - 1)}…` : reason
            }
          />
          <ChartTooltip
            cursor={false}
            content={<ChartTooltipContent valueFormatter={(value) => figures.count(Number(value))} />}
          />
          <Bar dataKey="count" fill="var(--color-count)" radius={4} />
        </BarChart>
      </ChartContainer>
    </div>
  );
}
