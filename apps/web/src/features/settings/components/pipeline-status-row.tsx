import type { ContractStatus, PipelineSettings } from '@funil/shared';
import { PROBABILITY_MAX, STALE_AFTER_DAYS_MAX } from '@funil/shared';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ContractStatusBadge } from '@/components/contract-status-badge';
import { FieldError } from '@/components/form/field-error';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { numberOrNull } from '../utils/pipeline-settings-fields';

/**
 * Narrow boxes without the spin buttons and, on a phone, with less padding, so "Nunca" fits and
 * the four columns fit a 375 px screen.
 */
const NUMBER_BOX_CLASS =
  'w-16 px-2 tabular-nums [appearance:textfield] sm:w-24 sm:px-3 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none';

/** On a phone, tighter cells, so all four columns fit a 375 px screen. */
const CELL_CLASS = 'px-1.5 sm:px-2';

type PipelineStatusRowProps = {
  index: number;
  status: ContractStatus;
  register: UseFormRegister<PipelineSettings>;
  control: Control<PipelineSettings>;
  errors: FieldErrors<PipelineSettings>;
  /** The id of the text that says what holding a quota means, read with each checkbox. */
  holdsQuotaHelpId: string;
  /** Without the settings.write permission the values are shown, not edited. */
  readOnly: boolean;
  disabled: boolean;
};

/**
 * One status: its badge as the board shows it, its probability, its days until stale and whether
 * a deal in it holds a quota of the prospectus.
 */
export function PipelineStatusRow({
  index,
  status,
  register,
  control,
  errors,
  holdsQuotaHelpId,
  readOnly,
  disabled,
}: PipelineStatusRowProps) {
  const { t } = useTranslation(['config', 'leads']);
  const label = t(`leads:contractStatus.${status}`);
  const rowErrors = errors.statuses?.[index];
  const probabilityError = rowErrors?.probability?.message;
  const staleError = rowErrors?.stale_after_days?.message;
  const probabilityId = `pipeline-${status}-probability`;
  const staleId = `pipeline-${status}-stale`;

  return (
    <TableRow>
      <TableCell className={CELL_CLASS}>
        <ContractStatusBadge status={status} />
      </TableCell>
      <TableCell className={cn(CELL_CLASS, 'align-top')}>
        <Input
          id={probabilityId}
          type="number"
          inputMode="numeric"
          min={0}
          max={PROBABILITY_MAX}
          step={1}
          className={NUMBER_BOX_CLASS}
          aria-label={t('config:pipeline.probabilityOf', { status: label })}
          aria-invalid={probabilityError ? true : undefined}
          aria-describedby={probabilityError ? `${probabilityId}-error` : undefined}
          readOnly={readOnly}
          disabled={disabled}
          {...register(`statuses.${index}.probability`, { setValueAs: numberOrNull })}
        />
        <FieldError id={`${probabilityId}-error`} message={probabilityError} />
      </TableCell>
      <TableCell className={cn(CELL_CLASS, 'align-top')}>
        <Input
          id={staleId}
          type="number"
          inputMode="numeric"
          min={1}
          max={STALE_AFTER_DAYS_MAX}
          step={1}
          placeholder={t('config:pipeline.never')}
          className={NUMBER_BOX_CLASS}
          aria-label={t('config:pipeline.staleAfterDaysOf', { status: label })}
          aria-invalid={staleError ? true : undefined}
          aria-describedby={staleError ? `${staleId}-error` : undefined}
          readOnly={readOnly}
          disabled={disabled}
          {...register(`statuses.${index}.stale_after_days`, { setValueAs: numberOrNull })}
        />
        <FieldError id={`${staleId}-error`} message={staleError} />
      </TableCell>
      <TableCell className={cn(CELL_CLASS, 'align-top')}>
        <Controller
          control={control}
          name={`statuses.${index}.holds_quota`}
          render={({ field }) => (
            // The box of a 36 px row, so it lines up with the number boxes beside it.
            <span className="flex h-9 items-center">
              <Checkbox
                id={`pipeline-${status}-holds-quota`}
                ref={field.ref}
                name={field.name}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-label={t('config:pipeline.holdsQuotaOf', { status: label })}
                aria-describedby={holdsQuotaHelpId}
                // A checkbox cannot be read-only: without the permission it is shown, disabled.
                disabled={readOnly || disabled}
                className="size-5"
              />
            </span>
          )}
        />
      </TableCell>
    </TableRow>
  );
}
