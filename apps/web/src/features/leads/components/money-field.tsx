import type { FieldValues } from 'react-hook-form';
import { NumericFormat } from 'react-number-format';
import { type ControlledFieldProps, ControlledField } from '@/components/form/controlled-field';
import { Input } from '@/components/ui/input';
import { useFormatters, moneyInputFormat } from '@/lib/format';

/**
 * An amount in reais, masked as typed in the interface language (`R$ 1.234,56` in pt-BR,
 * `R$1,234.56` in en, `1.234,56 R$` in es) and held as a number with two decimals. An emptied
 * field holds undefined, which the schema takes as 0.
 */
export function MoneyField<Values extends FieldValues>({
  id,
  label,
  control,
  name,
  error,
  disabled,
}: ControlledFieldProps<Values>) {
  const { language } = useFormatters();
  const format = moneyInputFormat(language);
  return (
    <ControlledField id={id} label={label} control={control} name={name} error={error}>
      {(fieldControl, field) => (
        <NumericFormat
          {...fieldControl}
          customInput={Input}
          getInputRef={field.ref}
          name={field.name}
          value={typeof field.value === 'number' ? field.value : ''}
          onValueChange={({ floatValue }) => field.onChange(floatValue)}
          onBlur={field.onBlur}
          thousandSeparator={format.thousandSeparator}
          decimalSeparator={format.decimalSeparator}
          prefix={format.prefix}
          suffix={format.suffix}
          decimalScale={2}
          fixedDecimalScale
          allowNegative={false}
          inputMode="decimal"
          autoComplete="off"
          className="tabular-nums"
          disabled={disabled}
        />
      )}
    </ControlledField>
  );
}
