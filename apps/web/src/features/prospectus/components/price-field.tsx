import type { FieldValues } from 'react-hook-form';
import { NumericFormat } from 'react-number-format';
import { type ControlledFieldProps, ControlledField } from '@/components/form/controlled-field';
import { Input } from '@/components/ui/input';
import { moneyInputFormat, useFormatters } from '@/lib/format';

/**
 * A table price in reais, masked as the interface language writes BRL (the separators and symbol
 * of `moneyInputFormat`, as the opportunity form's amounts) and held as a number with two
 * decimals; emptied, it holds undefined, which the schema takes as 0.
 */
export function PriceField<Values extends FieldValues>({
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
