import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { PasswordInput } from './password-input';

type PasswordFieldProps = Omit<
  ComponentProps<typeof PasswordInput>,
  'id' | 'showLabel' | 'hideLabel' | 'children'
> &
  Omit<ComponentProps<typeof FormField>, 'children'>;

/** A FormField over a PasswordInput, whose toggle reads 'Mostrar senha' / 'Ocultar senha'. */
export function PasswordField({
  id,
  label,
  error,
  hint,
  labelAside,
  footer,
  ...inputProps
}: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <FormField id={id} label={label} error={error} hint={hint} labelAside={labelAside} footer={footer}>
      {(control) => (
        <PasswordInput
          showLabel={t('login.showPassword')}
          hideLabel={t('login.hidePassword')}
          {...control}
          {...inputProps}
        />
      )}
    </FormField>
  );
}
