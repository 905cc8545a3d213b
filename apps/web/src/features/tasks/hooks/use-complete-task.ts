import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type Task, useSetTaskDone } from '@/api/tasks';
import { getErrorMessage } from '@/lib/http';

/** Long enough to read the toast and reach its "Desfazer" (it also stays while hovered). */
export const UNDO_TOAST_MS = 10_000;

/**
 * Completes a task (or opens it again) in one step: the list shows it at once, a toast says so
 * and offers "Desfazer", which sets it back; a failed save puts the row back and says why.
 */
export function useCompleteTask() {
  const { t } = useTranslation('tasks');
  const setDone = useSetTaskDone();

  const toggle = (task: Task, done: boolean, withUndo = true) => {
    setDone.mutate(
      { task, done },
      {
        onSuccess: () => {
          toast.success(done ? t('toast.completed') : t('toast.reopened'), {
            id: `task-done-${task.id}`,
            duration: UNDO_TOAST_MS,
            action: withUndo
              ? { label: t('toast.undo'), onClick: () => toggle({ ...task, done }, !done, false) }
              : undefined,
          });
        },
        onError: (error) => {
          toast.error(t('toast.doneError'), { description: getErrorMessage(error, t('toast.doneError')) });
        },
      },
    );
  };

  return toggle;
}
