import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { usersQueryOptions, type User } from '@/api/users';
import { DataTable } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/http';
import { USER_PAGE_SIZES } from '@funil/shared';
import { userMatches } from '../utils/user-search';
import { UserDialog } from './user-dialog';
import { getUserColumns } from './users-columns';

type UsersPageProps = {
  /** Only admins create and edit users (API.md "Roles"); others see the list alone. */
  canManage: boolean;
};

type DialogState = { open: false } | { open: true; user: User | null };

/** /seguranca/usuarios (SPEC.md §2): every user, fetched once, searched and paged on the client. */
export function UsersPage({ canManage }: UsersPageProps) {
  const { t } = useTranslation('users');
  const users = useQuery(usersQueryOptions());
  const [dialog, setDialog] = useState<DialogState>({ open: false });

  const loadError = users.isError ? getErrorMessage(users.error, t('errors.fetch')) : undefined;
  // SPEC.md §8: the error panel, plus a toast.
  useEffect(() => {
    if (loadError) toast.error(t('errors.loadTitle'), { description: loadError, id: 'users-load-error' });
  }, [loadError, t]);

  const handleEdit = useCallback((user: User) => setDialog({ open: true, user }), []);
  const columns = useMemo(
    () =>
      getUserColumns({
        t,
        onEdit: canManage ? handleEdit : undefined,
      }),
    [t, canManage, handleEdit],
  );
  const filterFn = useCallback(
    (user: User, query: string) => userMatches(user, query, (role) => t(`roles.${role}`)),
    [t],
  );

  const createButton = canManage ? (
    <Button onClick={() => setDialog({ open: true, user: null })}>
      <Plus aria-hidden />
      {t('newUser')}
    </Button>
  ) : null;

  return (
    <div className="flex flex-col gap-4">
      {!canManage && <p className="text-sm text-muted-foreground">{t('readOnly')}</p>}
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        data={users.data?.data}
        getRowId={(user) => user.id}
        filterFn={filterFn}
        isLoading={users.isPending}
        isFetching={users.isFetching}
        isError={users.isError}
        errorTitle={t('errors.loadTitle')}
        errorMessage={loadError}
        onRefresh={() => void users.refetch()}
        searchPlaceholder={t('search')}
        pageSizes={USER_PAGE_SIZES}
        initialPageSize={USER_PAGE_SIZES[0]}
        emptyTitle={t('empty.title')}
        emptyDescription={t('empty.description')}
        emptyAction={createButton}
        toolbar={createButton}
      />
      {canManage && (
        <UserDialog
          // A fresh form for each user opened.
          key={dialog.open ? (dialog.user?.id ?? 'new') : 'closed'}
          open={dialog.open}
          onOpenChange={(open) => {
            if (!open) setDialog({ open: false });
          }}
          user={dialog.open ? dialog.user : null}
        />
      )}
    </div>
  );
}
