import { ROLES, type Role } from '@funil/shared';
import { useId, type ComponentProps } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/form/field-error';
import { TextField } from '@/components/form/form-field';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

// The pieces the 'Novo Usuário' and 'Editar Usuário' forms share; each form keeps only what differs.

type TextFieldProps = ComponentProps<typeof TextField>;

/** 'Nome': the same field in both forms; pass `register('name')`, the error and `disabled`. */
export function UserNameField(props: Omit<TextFieldProps, 'id' | 'label'>) {
  const { t } = useTranslation('users');
  return (
    <TextField
      id="user-name"
      label={t('form.name')}
      placeholder={t('form.namePlaceholder')}
      autoComplete="off"
      {...props}
    />
  );
}

/** The password field; the forms differ in label and hint ('Senha' / 'Nova senha'). */
export function UserPasswordField(props: Omit<TextFieldProps, 'id' | 'type'>) {
  return <TextField id="user-password" type="password" autoComplete="new-password" {...props} />;
}

/**
 * A field bound to the form by `control` and `name`; `name` must hold a `TValue`. The two forms
 * have different value types, hence the generics (RHF's Control is invariant in them).
 */
type ControlledFieldProps<TFieldValues extends FieldValues, TTransformed, TValue> = {
  control: Control<TFieldValues, unknown, TTransformed>;
  name: FieldPathByValue<TFieldValues, TValue>;
  disabled: boolean;
};

/** A user may hold several roles: checkboxes. */
export function UserRolesField<TFieldValues extends FieldValues, TTransformed>({
  control,
  name,
  disabled,
}: ControlledFieldProps<TFieldValues, TTransformed, Role[] | undefined>) {
  const { t } = useTranslation('users');
  const groupId = useId();
  const { field, fieldState } = useController({ control, name });
  // `name` is typed to hold Role[] | undefined, which TypeScript cannot see through the generic.
  const value = (field.value as Role[] | undefined) ?? [];
  const error = fieldState.error?.message;
  const selected = ROLES.filter((role) => value.includes(role));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${groupId}-error` : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">{t('form.roles')}</legend>
      <div className="grid grid-cols-2 gap-x-4 gap-y-2.5 sm:grid-cols-3">
        {ROLES.map((role) => {
          const id = `${groupId}-${role}`;
          return (
            <div key={role} className="flex items-center gap-2">
              <Checkbox
                id={id}
                checked={selected.includes(role)}
                disabled={disabled}
                onCheckedChange={(next) =>
                  field.onChange(
                    next === true ? [...selected, role] : selected.filter((item) => item !== role),
                  )
                }
              />
              <Label htmlFor={id} className="font-normal">
                {t(`roles.${role}`)}
              </Label>
            </div>
          );
        })}
      </div>
      <FieldError id={`${groupId}-error`} message={error} />
    </fieldset>
  );
}

/** 'Ativo': a switch, on unless the form says otherwise. */
export function UserActiveField<TFieldValues extends FieldValues, TTransformed>({
  control,
  name,
  disabled,
}: ControlledFieldProps<TFieldValues, TTransformed, boolean | undefined>) {
  const { t } = useTranslation('users');
  const { field } = useController({ control, name });
  // As above: `name` is typed to hold boolean | undefined.
  const checked = (field.value as boolean | undefined) ?? true;
  return (
    <div className="flex items-center justify-between gap-4 rounded-md border p-3">
      <div className="grid gap-1">
        <Label htmlFor="user-active">{t('form.active')}</Label>
        <p className="text-xs text-muted-foreground">{t('form.activeHint')}</p>
      </div>
      <Switch id="user-active" checked={checked} onCheckedChange={field.onChange} disabled={disabled} />
    </div>
  );
}
