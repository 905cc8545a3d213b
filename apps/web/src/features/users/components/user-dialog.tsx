import {
  userCreateSchema,
  userUpdateSchema,
  type UserCreateInput,
  type UserUpdateData,
  type UserUpdateInput,
} from '@funil/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCreateUser, useUpdateUser, type User } from '@/api/users';
import { TextField } from '@/components/form/form-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { HttpError, getErrorMessage } from '@/lib/http';
import {
  DialogFormFooter,
  UserActiveField,
  UserNameField,
  UserPasswordField,
  UserRolesField,
} from './user-form-fields';

type UserDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user being edited; absent for 'Novo Usuário'. */
  user?: User | null;
};

/**
 * 'Novo Usuário' / 'Editar Usuário' (SPEC.md §4). Editing works (the spec's 'Em desenvolvimento'
 * placeholder is not kept): name, roles, active and an optional new password; email is fixed.
 * Remounted per user (keyed by the caller), so the form always starts from that user's values.
 */
export function UserDialog({ open, onOpenChange, user }: UserDialogProps) {
  const { t } = useTranslation('users');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('form.close')}
        className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg"
      >
        <DialogHeader>
          <DialogTitle>{user ? t('editUser') : t('newUser')}</DialogTitle>
          <DialogDescription>
            {user ? t('form.editDescription') : t('form.createDescription')}
          </DialogDescription>
        </DialogHeader>
        {user ? (
          <EditUserForm user={user} onDone={() => onOpenChange(false)} />
        ) : (
          <CreateUserForm onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function useSaveErrorToast() {
  const { t } = useTranslation('users');
  return (error: unknown, fallback: string) => {
    // SPEC.md §8: a 403 reads 'Acesso negado'; anything else, the server's message or the fallback.
    const message =
      error instanceof HttpError && error.status === 403
        ? (error.serverMessage ?? t('errors.accessDenied'))
        : getErrorMessage(error, fallback);
    toast.error(t('errors.title'), { description: message });
  };
}

function CreateUserForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('users');
  const create = useCreateUser();
  const showError = useSaveErrorToast();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UserCreateInput>({
    resolver: zodResolver(userCreateSchema),
    defaultValues: { name: '', email: '', password: '', roles: ['user'], isActive: true },
  });
  const isSaving = create.isPending;

  const handleValidSubmit = (values: UserCreateInput) => {
    create.mutate(values, {
      onSuccess: () => {
        toast.success(t('toasts.created'));
        onDone();
      },
      onError: (error) => {
        if (error instanceof HttpError && error.status === 409 && error.serverMessage) {
          setError('email', { message: error.serverMessage });
        }
        showError(error, t('errors.save'));
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleValidSubmit)} className="grid gap-4">
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
      <DialogFormFooter isSaving={isSaving} submitLabel={t('form.create')} onCancel={onDone} />
    </form>
  );
}

function EditUserForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation('users');
  const update = useUpdateUser();
  const showError = useSaveErrorToast();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<UserUpdateInput, unknown, UserUpdateData>({
    resolver: zodResolver(userUpdateSchema),
    defaultValues: {
      name: user.name,
      roles: user.roles.length > 0 ? [...user.roles] : ['user'],
      isActive: user.isActive,
      password: '',
    },
  });
  const isSaving = update.isPending;

  // The schema turns an empty password into "absent": the current one is kept.
  const handleValidSubmit = (body: UserUpdateData) => {
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          toast.success(t('toasts.updated'));
          onDone();
        },
        onError: (error) => showError(error, t('errors.save')),
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleValidSubmit)} className="grid gap-4">
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
      <DialogFormFooter isSaving={isSaving} submitLabel={t('form.save')} onCancel={onDone} />
    </form>
  );
}
