import { useAuth } from '@/features/auth/hooks/use-auth';
import { UsersPage } from '@/features/users/components/users-page';
import { isAdmin } from '@/features/users/utils/roles';

/** The shell shows the title ('Usuários'); the session decides whether create/edit are offered. */
export function UsersRoute() {
  const { user } = useAuth();
  return <UsersPage canManage={isAdmin(user?.roles)} />;
}
