import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { MultiSelect } from '@/components/multi-select';
import type { SelectOption } from '@/components/option-select';

type FranchisesFieldProps<Values extends FieldValues> = {
  id: string;
  control: Control<Values>;
  name: Path<Values>;
  options: readonly SelectOption[];
  error?: string;
  disabled?: boolean;
};

/** 'Praças': any number of franchises, chosen from a menu and shown as removable badges. */
export function FranchisesField<Values extends FieldValues>({
  id,
  control,
  name,
  options,
  error,
  disabled,
}: FranchisesFieldProps<Values>) {
  const { t } = useTranslation('leads');
  return (
    <FormField id={id} label={t('fields.franchises')} error={error}>
      {(fieldControl) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <MultiSelect
              {...fieldControl}
              ref={field.ref}
              options={options}
              value={(field.value as string[] | undefined) ?? []}
              onChange={field.onChange}
              placeholder={t('form.franchisesPlaceholder')}
              summary={(count) => t('form.franchisesSelected', { count })}
              removeLabel={(label) => t('form.removeFranchise', { name: label })}
              emptyText={t('form.noFranchise')}
              disabled={disabled}
            />
          )}
        />
      )}
    </FormField>
  );
}
