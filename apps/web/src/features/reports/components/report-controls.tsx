import { REPORT_GROUPS, type ReportGroup } from '@funil/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type DateRange, type RangeProblem, REPORT_PERIODS, type ReportPeriod } from '../utils/report-period';
import { ChoiceButtons } from './choice-buttons';

type ReportControlsProps = {
  period: ReportPeriod;
  group: ReportGroup;
  range: DateRange;
  problem: RangeProblem | null;
  onPeriodChange: (period: ReportPeriod) => void;
  onGroupChange: (group: ReportGroup) => void;
  onRangeChange: (range: DateRange) => void;
};

/** The period (a preset, or two dates) and the grouping the report is asked for. */
export function ReportControls({
  period,
  group,
  range,
  problem,
  onPeriodChange,
  onGroupChange,
  onRangeChange,
}: ReportControlsProps) {
  const { t } = useTranslation('reports');
  const fromId = useId();
  const toId = useId();
  const problemId = useId();
  const periodLabelId = useId();
  const groupLabelId = useId();
  const invalid = problem !== null;

  return (
    <div className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
      <div className="grid gap-2">
        <span id={periodLabelId} className="text-sm font-medium">
          {t('period.label')}
        </span>
        <ChoiceButtons
          labelId={periodLabelId}
          options={REPORT_PERIODS}
          value={period}
          optionLabel={(option) => t(`period.${option}`)}
          onChange={onPeriodChange}
        />
        {period === 'custom' && (
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor={fromId}>{t('period.from')}</Label>
              <Input
                id={fromId}
                type="date"
                className="w-44"
                value={range.from}
                max={range.to || undefined}
                aria-invalid={invalid}
                aria-describedby={invalid ? problemId : undefined}
                onChange={(event) => onRangeChange({ ...range, from: event.target.value })}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={toId}>{t('period.to')}</Label>
              <Input
                id={toId}
                type="date"
                className="w-44"
                value={range.to}
                min={range.from || undefined}
                aria-invalid={invalid}
                aria-describedby={invalid ? problemId : undefined}
                onChange={(event) => onRangeChange({ ...range, to: event.target.value })}
              />
            </div>
          </div>
        )}
        {problem && (
          <p id={problemId} role="alert" className="text-sm text-destructive">
            {t(`period.problems.${problem}`)}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <span id={groupLabelId} className="text-sm font-medium">
          {t('group.label')}
        </span>
        <ChoiceButtons
          labelId={groupLabelId}
          options={REPORT_GROUPS}
          value={group}
          optionLabel={(option) => t(`group.${option}`)}
          onChange={onGroupChange}
        />
      </div>
    </div>
  );
}
