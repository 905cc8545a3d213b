import { usePermission } from '@/features/auth/hooks/use-permission';
import { UsersPage } from '@/features/users/components/users-page';

/** The shell shows the title ('Usuários'); the user.manage permission decides create and edit. */
export function UsersRoute() {
  return <UsersPage canManage={usePermission('user.manage')} />;
}
