import {
  AlarmClockIcon,
  BuildingIcon,
  CalendarClockIcon,
  HandshakeIcon,
  MoreHorizontalIcon,
  UserIcon,
} from 'lucide-react';
import { type KeyboardEvent, memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Task } from '@/api/tasks';
import { OVERDUE_TEXT_CLASS } from '@/components/tasks/task-due-mark';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatDateTime } from '@/lib/format';
import { formatRelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { isOverdue } from '../utils/task-due';

type TaskRowProps = {
  task: Task;
  now: number;
  /** Whether the signed-in user may complete and edit it (assignee, creator, admin or manager). */
  canEdit: boolean;
  /** Whether they may delete it (creator, admin or manager). */
  canDelete: boolean;
  /** The id of the hidden line that says Space or Enter completes a focused row. */
  keyboardHintId: string;
  onToggleDone: (task: Task, done: boolean) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
  /** Whether the task's record shows as a link; off where the list is that record's own. */
  showRecord?: boolean;
};

/** Where a task's record opens: an opportunity's page, or a brand's. */
const recordHref = (record: NonNullable<Task['record']>) =>
  record.type === 'lead'
    ? `/leads/editar/${encodeURIComponent(record.id)}`
    : `/marcas/editar/${encodeURIComponent(record.id)}`;

/**
 * One task: the checkbox that completes it in one click, its title, when it is due (relative and
 * absolute; overdue in red, with an icon and the word), its assignee and its record as a link.
 * The row itself takes the focus, and Space or Enter completes it (or opens it again).
 */
export const TaskRow = memo(function TaskRow({
  task,
  now,
  canEdit,
  canDelete,
  keyboardHintId,
  onToggleDone,
  onEdit,
  onDelete,
  showRecord = true,
}: TaskRowProps) {
  const { t, i18n } = useTranslation('tasks');
  const titleId = useId();
  const overdue = isOverdue(task, now);
  const RecordIcon = task.record?.type === 'brand' ? BuildingIcon : HandshakeIcon;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || !canEdit) return;
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    onToggleDone(task, !task.done);
  };

  return (
    <li data-task-id={task.id} data-done={task.done || undefined} data-overdue={overdue || undefined}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the row is a focusable group whose Space and Enter complete the task (aria-keyshortcuts) */}
      <div
        role="group"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the row takes the focus so Space and Enter can complete its task
        tabIndex={0}
        aria-labelledby={titleId}
        aria-describedby={canEdit ? keyboardHintId : undefined}
        aria-keyshortcuts={canEdit ? 'Space Enter' : undefined}
        onKeyDown={handleKeyDown}
        className={cn(
          'flex items-start gap-3 rounded-lg border bg-card p-3 text-card-foreground shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
          // An overdue row's edge in red (beside the word and the icon); its padding keeps the
          // checkbox in line with the other rows'.
          overdue && 'border-l-4 border-l-red-600 pl-[9px] dark:border-l-red-400',
        )}
      >
        <span className="flex size-6 shrink-0 items-center justify-center">
          <Checkbox
            checked={task.done}
            disabled={!canEdit}
            aria-label={
              task.done ? t('row.reopen', { title: task.title }) : t('row.complete', { title: task.title })
            }
            onCheckedChange={(checked) => onToggleDone(task, checked === true)}
            className="size-5"
          />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <p
            id={titleId}
            className={cn('font-medium break-words', task.done && 'text-muted-foreground line-through')}
          >
            {task.title}
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs">
            <p
              className={cn(
                'flex items-center gap-1.5',
                overdue ? cn('font-medium', OVERDUE_TEXT_CLASS) : 'text-muted-foreground',
              )}
            >
              {overdue ? (
                <AlarmClockIcon aria-hidden className="size-3.5 shrink-0" />
              ) : (
                <CalendarClockIcon aria-hidden className="size-3.5 shrink-0" />
              )}
              <span>
                <span className="sr-only">{t('row.dueLabel')}: </span>
                {overdue && `${t('row.overdue')} · `}
                <time dateTime={task.due_at}>
                  {formatRelativeTime(task.due_at, now, i18n.language)} · {formatDateTime(task.due_at)}
                </time>
              </span>
            </p>
            <p className="flex items-center gap-1.5 text-muted-foreground">
              <UserIcon aria-hidden className="size-3.5 shrink-0" />
              <span className="sr-only">{t('fields.assignee')}: </span>
              <span className="truncate">{task.assignee?.name ?? t('row.noAssignee')}</span>
            </p>
            {showRecord && task.record && (
              <p className="flex min-w-0 items-center gap-1.5">
                <RecordIcon aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
                <span className="sr-only">
                  {t(task.record.type === 'brand' ? 'fields.brand' : 'fields.lead')}:{' '}
                </span>
                <Link
                  to={recordHref(task.record)}
                  className="truncate font-medium text-primary underline-offset-4 hover:underline"
                >
                  {task.record.name}
                </Link>
              </p>
            )}
          </div>
        </div>
        {(canEdit || canDelete) && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="size-8 shrink-0"
                aria-label={t('row.actions', { title: task.title })}
              >
                <MoreHorizontalIcon />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {canEdit && <DropdownMenuItem onSelect={() => onEdit(task)}>{t('row.edit')}</DropdownMenuItem>}
              {canDelete && (
                <DropdownMenuItem variant="destructive" onSelect={() => onDelete(task)}>
                  {t('row.delete')}
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>
    </li>
  );
});
