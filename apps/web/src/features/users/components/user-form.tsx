import {
  userCreateSchema,
  userUpdateSchema,
  type UserCreateData,
  type UserCreateInput,
  type UserUpdateData,
  type UserUpdateInput,
} from '@funil/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { User } from '@/api/users';
import { DialogFormFooter } from '@/components/form/dialog-form-footer';
import { TextField } from '@/components/form/form-field';
import { useSaveForm } from '@/components/form/use-save-form';
import { UserActiveField, UserNameField, UserPasswordField, UserRolesField } from './user-form-fields';

type UserFormProps<TValues> = {
  isSaving: boolean;
  onCancel: () => void;
  /** Saves the values; throws when the save fails (its messages then go on the fields). */
  onSave: (values: TValues) => Promise<void>;
};

/** 'Novo Usuário': name, email, password, roles and active. A taken email (409) is said under it. */
export function CreateUserForm({ isSaving, onCancel, onSave }: UserFormProps<UserCreateData>) {
  const { t } = useTranslation('users');
  const form = useForm<UserCreateInput, unknown, UserCreateData>({
    resolver: zodResolver(userCreateSchema),
    defaultValues: { name: '', email: '', password: '', roles: ['user'], isActive: true },
  });
  const handleSubmit = useSaveForm(form, {
    onSave,
    fallback: t('errors.save'),
    fields: ['name', 'email', 'password', 'roles', 'isActive'],
    conflictField: 'email',
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <UserNameField error={errors.name?.message} disabled={isSaving} {...register('name')} />
      <TextField
        id="user-email"
        type="email"
        label={t('form.email')}
        autoComplete="off"
        error={errors.email?.message}
        disabled={isSaving}
        {...register('email')}
      />
      <UserPasswordField
        label={t('form.password')}
        error={errors.password?.message}
        disabled={isSaving}
        {...register('password')}
      />
      <UserRolesField control={control} name="roles" disabled={isSaving} />
      <UserActiveField control={control} name="isActive" disabled={isSaving} />
      <DialogFormFooter isSaving={isSaving} submitLabel={t('form.submitCreate')} onCancel={onCancel} />
    </form>
  );
}

/**
 * 'Editar Usuário': name, roles, active and an optional new password (blank keeps the current
 * one); the email is shown but cannot change.
 */
export function EditUserForm({
  user,
  isSaving,
  onCancel,
  onSave,
}: UserFormProps<UserUpdateData> & { user: User }) {
  const { t } = useTranslation('users');
  const form = useForm<UserUpdateInput, unknown, UserUpdateData>({
    resolver: zodResolver(userUpdateSchema),
    defaultValues: {
      name: user.name,
      roles: user.roles.length > 0 ? [...user.roles] : ['user'],
      isActive: user.isActive,
      password: '',
    },
  });
  const handleSubmit = useSaveForm(form, {
    onSave,
    fallback: t('errors.save'),
    fields: ['name', 'password', 'roles', 'isActive'],
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <UserNameField error={errors.name?.message} disabled={isSaving} {...register('name')} />
      <TextField id="user-email" type="email" label={t('form.email')} value={user.email} disabled readOnly />
      <UserPasswordField
        label={t('form.newPassword')}
        hint={t('form.newPasswordHint')}
        error={errors.password?.message}
        disabled={isSaving}
        {...register('password')}
      />
      <UserRolesField control={control} name="roles" disabled={isSaving} />
      <UserActiveField control={control} name="isActive" disabled={isSaving} />
      <DialogFormFooter isSaving={isSaving} submitLabel={t('form.submitSave')} onCancel={onCancel} />
    </form>
  );
}
