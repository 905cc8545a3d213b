import { RECORD_STATUSES } from '@funil/shared';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

type RecordStatusFieldProps<Values extends FieldValues> = {
  id: string;
  label: string;
  control: Control<Values>;
  /** The form's status field (its value is one of RECORD_STATUSES). */
  name: Path<Values>;
  error?: string;
  disabled?: boolean;
};

/** The 'Ativo' / 'Inativo' select of every record form (brands, catalogues). */
export function RecordStatusField<Values extends FieldValues>({
  id,
  label,
  control,
  name,
  error,
  disabled,
}: RecordStatusFieldProps<Values>) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={label} error={error}>
      {(fieldControl) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select value={field.value as string} onValueChange={field.onChange} disabled={disabled}>
              <SelectTrigger {...fieldControl} className="w-full" ref={field.ref} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {RECORD_STATUSES.map((status) => (
                  <SelectItem key={status} value={status}>
                    {t(`status.${status}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </FormField>
  );
}
