import { useAuth } from '@/features/auth/hooks/use-auth';
import { usePermission } from '@/features/auth/hooks/use-permission';
import { TasksPage } from '@/features/tasks/components/tasks-page';

/** /tarefas: the signed-in user's tasks; admins and managers may look at anyone's and change any. */
export function TasksRoute() {
  const { user } = useAuth();
  const canManageOthers = usePermission('work.others');
  return <TasksPage currentUserId={user?.id ?? ''} canManageOthers={canManageOthers} />;
}
