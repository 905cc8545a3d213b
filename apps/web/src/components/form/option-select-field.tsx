import type { FieldValues } from 'react-hook-form';
import { type ControlledFieldProps, ControlledField } from '@/components/form/controlled-field';
import { OptionSelect, type SelectOption } from '@/components/option-select';

type OptionSelectFieldProps<Values extends FieldValues> = ControlledFieldProps<Values> & {
  options: readonly SelectOption[];
  placeholder?: string;
  /** Offers a first option that empties the field (to null), with these words. */
  noneLabel?: string;
};

/**
 * A form select over a list of options; the field holds the option's `value` (an id, a year, a
 * status), or null when emptied through `noneLabel`.
 */
export function OptionSelectField<Values extends FieldValues>({
  id,
  label,
  control,
  name,
  options,
  placeholder,
  error,
  disabled,
  noneLabel,
}: OptionSelectFieldProps<Values>) {
  return (
    <ControlledField id={id} label={label} control={control} name={name} error={error}>
      {(fieldControl, field) => (
        <OptionSelect
          value={field.value === null || field.value === undefined ? '' : String(field.value)}
          onChange={(next) => field.onChange(next === '' ? null : next)}
          options={options}
          noneLabel={noneLabel}
          noneClassName="text-muted-foreground"
          placeholder={placeholder}
          disabled={disabled}
          name={field.name}
          trigger={{ ...fieldControl, ref: field.ref, onBlur: field.onBlur }}
        />
      )}
    </ControlledField>
  );
}
