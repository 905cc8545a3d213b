import { AlarmClockIcon, ListTodoIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/components/hooks/use-now';
import { cn } from '@/lib/utils';

/** The red of an overdue follow-up: above 4.5:1 on cards and rows in both themes. */
export const OVERDUE_TEXT_CLASS = 'text-red-700 dark:text-red-300';

type TaskDueMarkProps = {
  record: { open_tasks: number; next_task_due_at: string | null };
  className?: string;
};

/**
 * A lead's or brand's follow-up on a card or row: "Tarefa atrasada" with a clock when its earliest
 * open task is past due (in words and an icon, never colour alone), else a quiet "2 tarefas em
 * aberto"; nothing without open tasks.
 */
export function TaskDueMark({ record, className }: TaskDueMarkProps) {
  const { t } = useTranslation('tasks');
  const now = useNow();
  if (record.open_tasks <= 0) return null;
  const overdue = record.next_task_due_at !== null && new Date(record.next_task_due_at).getTime() < now;
  const Icon = overdue ? AlarmClockIcon : ListTodoIcon;
  return (
    <p
      data-task-overdue={overdue || undefined}
      className={cn(
        'flex items-center gap-1.5 text-xs',
        overdue ? cn('font-medium', OVERDUE_TEXT_CLASS) : 'text-muted-foreground',
        className,
      )}
    >
      <Icon aria-hidden className="size-3.5 shrink-0" />
      <span>{overdue ? t('mark.overdue') : t('mark.open', { count: record.open_tasks })}</span>
    </p>
  );
}
