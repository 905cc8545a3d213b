import type { TaskRecord } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import { AlertCircleIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { taskListQueryOptions } from '@/api/tasks';
import { useNow } from '@/components/hooks/use-now';
import { NewTaskButton } from '@/components/tasks/new-task-button';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/http';
import { cn } from '@/lib/utils';
import { useTaskRowActions } from '../hooks/use-task-row-actions';
import { TaskRow } from './task-row';

/** Open tasks shown at first, and how many more each "Carregar mais" adds. */
export const RECORD_TASKS_PAGE_SIZE = 10;

export type RecordTasksProps = {
  /** The opportunity or brand whose open tasks are listed; a new task is fixed to it. */
  record: TaskRecord;
  /** The signed-in user's id: what they may change follows from it. */
  currentUserId: string;
  /** Admins and managers: they may change or delete any task. */
  canManageOthers: boolean;
  /** The section heading's level: 2 on a page, 3 inside a dialog. */
  headingLevel?: 2 | 3;
  className?: string;
};

/**
 * "Tarefas em aberto" of a lead or a brand: its open tasks, earliest due first, each completed in
 * one click (or Space/Enter on the focused row), and "Nova tarefa" with the record fixed. Task
 * changes, here or live from elsewhere, read the list again (every task list is under one key).
 */
export function RecordTasks({
  record,
  currentUserId,
  canManageOthers,
  headingLevel = 2,
  className,
}: RecordTasksProps) {
  const { t } = useTranslation('tasks');
  const headingId = useId();
  const keyboardHintId = useId();
  const [limit, setLimit] = useState(RECORD_TASKS_PAGE_SIZE);
  const params = useMemo(
    () => ({
      ...(record.type === 'lead' ? { lead_id: record.id } : { brand_id: record.id }),
      done: false,
      limit,
    }),
    [record.type, record.id, limit],
  );
  const query = useQuery(taskListQueryOptions(params));
  const now = useNow();
  const { rowProps, dialogs } = useTaskRowActions({
    currentUserId,
    canManageOthers,
  });

  const list = query.data;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  let body;
  if (query.isError) {
    body = (
      <Alert variant="destructive">
        <AlertCircleIcon />
        <AlertTitle>{getErrorMessage(query.error, t('list.loadError'))}</AlertTitle>
      </Alert>
    );
  } else if (!list) {
    body = (
      <div className="grid gap-2" aria-busy>
        {Array.from({ length: 2 }, (_, index) => (
          <Skeleton key={index} className="h-16" />
        ))}
      </div>
    );
  } else if (list.data.length === 0) {
    body = (
      <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
        {t('record.empty')}
      </p>
    );
  } else {
    body = (
      <>
        <p id={keyboardHintId} className="sr-only">
          {t('row.keyboardHint')}
        </p>
        <ul aria-labelledby={headingId} className={cn('grid gap-2', query.isPlaceholderData && 'opacity-60')}>
          {list.data.map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              now={now}
              keyboardHintId={keyboardHintId}
              {...rowProps(task)}
              showRecord={false}
            />
          ))}
        </ul>
        {list.total > list.data.length && (
          <div className="flex justify-center">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={query.isFetching}
              onClick={() => setLimit((current) => current + RECORD_TASKS_PAGE_SIZE)}
            >
              {t('record.more', { remaining: list.total - list.data.length })}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cn('grid gap-3', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} className="flex items-baseline gap-2 leading-none font-semibold">
          {t('record.title')}
          {list && list.total > 0 && (
            <span className="text-sm font-normal text-muted-foreground">
              <span className="sr-only">: </span>
              {list.total}
            </span>
          )}
        </Heading>
        <NewTaskButton record={record} size="sm" />
      </div>
      {body}
      {dialogs}
    </section>
  );
}
