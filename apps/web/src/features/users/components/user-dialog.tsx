import {
  ROLES,
  userCreateSchema,
  userUpdateSchema,
  type Role,
  type UserCreateInput,
  type UserUpdateData,
  type UserUpdateInput,
} from '@funil/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useId, type ComponentProps } from 'react';
import { Controller, useForm, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCreateUser, useUpdateUser, type User } from '@/api/users';
import { FieldError } from '@/components/field-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { HttpError, getErrorMessage } from '@/lib/http';

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
      <TextField
        id="user-name"
        label={t('form.name')}
        placeholder={t('form.namePlaceholder')}
        autoComplete="off"
        error={errors.name?.message}
        disabled={isSaving}
        {...register('name')}
      />
      <TextField
        id="user-email"
        type="email"
        label={t('form.email')}
        autoComplete="off"
        error={errors.email?.message}
        disabled={isSaving}
        {...register('email')}
      />
      <TextField
        id="user-password"
        type="password"
        label={t('form.password')}
        autoComplete="new-password"
        error={errors.password?.message}
        disabled={isSaving}
        {...register('password')}
      />
      <Controller
        control={control}
        name="roles"
        render={({ field }) => (
          <RoleCheckboxes
            value={field.value ?? []}
            onChange={field.onChange}
            error={errors.roles?.message}
            disabled={isSaving}
          />
        )}
      />
      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <ActiveSwitch checked={field.value ?? true} onCheckedChange={field.onChange} disabled={isSaving} />
        )}
      />
      <FormButtons isSaving={isSaving} submitLabel={t('form.create')} onCancel={onDone} />
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
      <TextField
        id="user-name"
        label={t('form.name')}
        placeholder={t('form.namePlaceholder')}
        autoComplete="off"
        error={errors.name?.message}
        disabled={isSaving}
        {...register('name')}
      />
      <div className="grid gap-2">
        <Label htmlFor="user-email">{t('form.email')}</Label>
        <Input id="user-email" type="email" value={user.email} disabled readOnly />
      </div>
      <TextField
        id="user-password"
        type="password"
        label={t('form.newPassword')}
        hint={t('form.newPasswordHint')}
        autoComplete="new-password"
        error={errors.password?.message}
        disabled={isSaving}
        {...register('password')}
      />
      <Controller
        control={control}
        name="roles"
        render={({ field }) => (
          <RoleCheckboxes
            value={field.value ?? []}
            onChange={field.onChange}
            error={errors.roles?.message}
            disabled={isSaving}
          />
        )}
      />
      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <ActiveSwitch checked={field.value ?? true} onCheckedChange={field.onChange} disabled={isSaving} />
        )}
      />
      <FormButtons isSaving={isSaving} submitLabel={t('form.save')} onCancel={onDone} />
    </form>
  );
}

type TextFieldProps = Omit<ComponentProps<typeof Input>, 'id'> &
  ReturnType<UseFormRegister<Record<string, unknown>>> & {
    id: string;
    label: string;
    hint?: string;
    error?: string;
  };

function TextField({ id, label, hint, error, ...props }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type RoleCheckboxesProps = {
  value: readonly string[];
  onChange: (roles: Role[]) => void;
  error?: string;
  disabled: boolean;
};

/** Several roles per user (SPEC.md §6), as checkboxes. */
function RoleCheckboxes({ value, onChange, error, disabled }: RoleCheckboxesProps) {
  const { t } = useTranslation('users');
  const groupId = useId();
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
                  onChange(next === true ? [...selected, role] : selected.filter((item) => item !== role))
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

type ActiveSwitchProps = { checked: boolean; onCheckedChange: (checked: boolean) => void; disabled: boolean };

function ActiveSwitch({ checked, onCheckedChange, disabled }: ActiveSwitchProps) {
  const { t } = useTranslation('users');
  return (
    <div className="flex items-center justify-between gap-4 rounded-md border p-3">
      <div className="grid gap-1">
        <Label htmlFor="user-active">{t('form.active')}</Label>
        <p className="text-xs text-muted-foreground">{t('form.activeHint')}</p>
      </div>
      <Switch id="user-active" checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} />
    </div>
  );
}

function FormButtons({
  isSaving,
  submitLabel,
  onCancel,
}: {
  isSaving: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation('users');
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={isSaving}>
        {t('form.cancel')}
      </Button>
      <Button type="submit" disabled={isSaving}>
        {isSaving && <Loader2 className="animate-spin" aria-hidden />}
        {isSaving ? t('form.saving') : submitLabel}
      </Button>
    </DialogFooter>
  );
}
