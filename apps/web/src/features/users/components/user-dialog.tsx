import type { UserCreateData, UserUpdateData } from '@funil/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCreateUser, useUpdateUser, type User } from '@/api/users';
import { FormDialog } from '@/components/form/form-dialog';
import { CreateUserForm, EditUserForm } from './user-form';

type UserDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user to edit; null creates a new one. */
  item: User | null;
};

/** 'Novo Usuário' / 'Editar Usuário'. */
export function UserDialog({ open, onOpenChange, item }: UserDialogProps) {
  const { t } = useTranslation('users');
  const create = useCreateUser();
  const update = useUpdateUser();
  const isSaving = create.isPending || update.isPending;
  const close = () => onOpenChange(false);

  async function handleCreate(values: UserCreateData) {
    await create.mutateAsync(values);
    toast.success(t('toasts.created'));
    close();
  }

  async function handleUpdate(user: User, body: UserUpdateData) {
    await update.mutateAsync({ id: user.id, body });
    toast.success(t('toasts.updated'));
    close();
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={item ? t('editUser') : t('newUser')}
      description={item ? t('form.editDescription') : t('form.createDescription')}
      isSaving={isSaving}
      className="sm:max-w-lg"
    >
      {item ? (
        <EditUserForm
          user={item}
          isSaving={isSaving}
          onCancel={close}
          onSave={(body) => handleUpdate(item, body)}
        />
      ) : (
        <CreateUserForm isSaving={isSaving} onCancel={close} onSave={handleCreate} />
      )}
    </FormDialog>
  );
}
