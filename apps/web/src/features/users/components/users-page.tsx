import { USER_PAGE_SIZES } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usersQueryOptions, type User } from '@/api/users';
import { DataTable } from '@/components/data-table';
import { useEditDialog } from '@/components/form/use-edit-dialog';
import { Button } from '@/components/ui/button';
import { userMatches } from '../utils/user-search';
import { UserDialog } from './user-dialog';
import { getUserColumns } from './users-columns';

type UsersPageProps = {
  /** Create and edit are offered only with the user.manage permission; others see the list alone. */
  canManage: boolean;
};

/** /seguranca/usuarios: every user, fetched once, searched and paged on the client. */
export function UsersPage({ canManage }: UsersPageProps) {
  const { t } = useTranslation('users');
  const query = useQuery(usersQueryOptions());
  const dialog = useEditDialog<User>();

  const { openEdit } = dialog;
  const columns = useMemo(
    () => getUserColumns({ t, onEdit: canManage ? openEdit : undefined }),
    [t, canManage, openEdit],
  );
  const filterFn = useCallback(
    (user: User, search: string) => userMatches(user, search, (role) => t(`roles.${role}`)),
    [t],
  );

  const createButton = canManage ? (
    <Button size="sm" onClick={dialog.openCreate}>
      <PlusIcon />
      {t('newUser')}
    </Button>
  ) : null;

  return (
    <div className="flex flex-col gap-4">
      {!canManage && <p className="text-sm text-muted-foreground">{t('readOnly')}</p>}
      <DataTable<User>
        label={t('tableLabel')}
        columns={columns}
        query={query}
        loadError={{ title: t('errors.loadTitle'), fallback: t('errors.fetch'), toastId: 'users-load-error' }}
        getRowId={(user) => user.id}
        filterFn={filterFn}
        searchPlaceholder={t('search')}
        pageSizes={USER_PAGE_SIZES}
        emptyTitle={t('empty.title')}
        emptyDescription={t('empty.description')}
        emptyAction={createButton}
        toolbar={createButton}
      />
      {canManage && <UserDialog open={dialog.open} item={dialog.item} onOpenChange={dialog.onOpenChange} />}
    </div>
  );
}
