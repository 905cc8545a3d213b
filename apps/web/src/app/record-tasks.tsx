import type { TaskRecord } from '@funil/shared';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { usePermission } from '@/features/auth/hooks/use-permission';
import {
  RecordTasks as RecordTasksSection,
  type RecordTasksProps,
} from '@/features/tasks/components/record-tasks';

/** A record's open tasks for the signed-in user (features do not import each other: composed here). */
export function RecordTasks({
  record,
  ...props
}: { record: TaskRecord } & Omit<RecordTasksProps, 'record' | 'currentUserId' | 'canManageOthers'>) {
  const { user } = useAuth();
  const canManageOthers = usePermission('work.others');
  return (
    <RecordTasksSection
      record={record}
      currentUserId={user?.id ?? ''}
      canManageOthers={canManageOthers}
      {...props}
    />
  );
}
