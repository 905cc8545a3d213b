import { mayDeleteTask, mayEditTask } from '@funil/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type Task, useDeleteTask } from '@/api/tasks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TaskDialog } from '@/components/tasks/task-dialog';
import { getErrorMessage } from '@/lib/http';
import { useCompleteTask } from './use-complete-task';

/**
 * What a list of task rows does with a row: complete it, edit it in the task dialog, delete it
 * after a confirmation; and who may edit or delete it (the shared `mayEditTask`, `mayDeleteTask`). `dialogs` renders the edit dialog and the
 * delete confirmation for the list to place once.
 */
export function useTaskRowActions({
  currentUserId,
  canManageOthers,
}: {
  currentUserId: string;
  canManageOthers: boolean;
}) {
  const { t } = useTranslation('tasks');
  const toggleDone = useCompleteTask();
  const [editing, setEditing] = useState<Task | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const remove = useDeleteTask();
  const onEdit = useCallback((task: Task) => setEditing(task), []);
  const onDelete = useCallback((task: Task) => setDeleting(task), []);

  const actor = { id: currentUserId, actsOnOthers: canManageOthers };
  const mayEdit = (task: Task) =>
    mayEditTask(actor, { creatorId: task.created_by?.id ?? null, assigneeId: task.assignee?.id ?? null });
  const mayDelete = (task: Task) => mayDeleteTask(actor, task.created_by?.id ?? null);

  const confirmDelete = () => {
    const task = deleting;
    setDeleting(null);
    if (!task) return;
    remove.mutate(task, {
      onSuccess: () => toast.success(t('toast.deleted')),
      onError: (error) =>
        toast.error(t('toast.deleteError'), { description: getErrorMessage(error, t('toast.deleteError')) }),
    });
  };

  const dialogs = (
    <>
      {editing && <TaskDialog open onOpenChange={(open) => !open && setEditing(null)} task={editing} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        description={t('delete.description', { title: deleting?.title ?? '' })}
        confirmLabel={t('delete.confirm')}
        destructive
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );

  /** A row's permissions and handlers, to spread on its TaskRow. */
  const rowProps = (task: Task) => ({
    canEdit: mayEdit(task),
    canDelete: mayDelete(task),
    onToggleDone: toggleDone,
    onEdit,
    onDelete,
  });

  return { rowProps, dialogs };
}
