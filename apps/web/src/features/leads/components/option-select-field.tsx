import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from '@/components/form/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { LeadFormOption } from '../hooks/use-lead-form-options';

/** The select's value for "none" (Radix refuses an empty item value); the form holds null. */
const NONE = '__none__';

type OptionSelectFieldProps<Values extends FieldValues> = {
  id: string;
  label: string;
  control: Control<Values>;
  name: Path<Values>;
  options: readonly LeadFormOption[];
  placeholder: string;
  error?: string;
  disabled?: boolean;
  /** Offers a first option that empties the field (to null), with these words. */
  noneLabel?: string;
};

/** A form select over a list of options; the value is the option's `value` (an id, a year). */
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
    <FormField id={id} label={label} error={error}>
      {(fieldControl) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => {
            const value = field.value === null || field.value === undefined ? '' : String(field.value);
            return (
              <Select
                value={value === '' && noneLabel ? NONE : value}
                onValueChange={(next) => field.onChange(next === NONE ? null : next)}
                disabled={disabled}
                name={field.name}
              >
                <SelectTrigger {...fieldControl} className="w-full" ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue placeholder={placeholder} />
                </SelectTrigger>
                <SelectContent>
                  {noneLabel && (
                    <SelectItem value={NONE} className="text-muted-foreground">
                      {noneLabel}
                    </SelectItem>
                  )}
                  {options.map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            );
          }}
        />
      )}
    </FormField>
  );
}
