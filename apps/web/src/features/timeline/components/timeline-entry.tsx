import type { Note } from '@funil/shared';
import {
  ArrowRightIcon,
  CircleCheckIcon,
  ListTodoIcon,
  type LucideIcon,
  MessageSquareTextIcon,
  RepeatIcon,
  SparklesIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimelineEntry as Entry } from '@/api/timeline';
import { ContractStatusBadge } from '@/components/contract-status-badge';
import { Button } from '@/components/ui/button';
import { useFormatters } from '@/lib/format';
import { NoteBody } from './note-body';
import { RelativeTime } from './relative-time';

type TimelineEntryProps = {
  entry: Entry;
  /** A brand's timeline names the opportunity each entry belongs to. */
  showLead: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (note: Note) => void;
  onDelete: (note: Note) => void;
  /** The note's inline editor, in place of its text while it is being edited. */
  editor?: ReactNode;
};

function EntryFrame({
  icon: Icon,
  title,
  entry,
  showLead,
  actions,
  children,
}: {
  icon: LucideIcon;
  title: string;
  entry: Entry;
  showLead: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('timeline');
  // A note's title is its author already; a brand's creation has nobody recorded.
  const by =
    entry.kind === 'note'
      ? null
      : (entry.by?.name ?? (entry.kind === 'created' ? null : t('entry.removedUser')));
  return (
    <li className="group/entry relative flex gap-3 pb-5 last:pb-0" data-kind={entry.kind}>
      {/* The line that joins the entries, behind their icons. */}
      <span aria-hidden className="absolute top-8 bottom-0 left-3.5 w-px bg-border group-last/entry:hidden" />
      <span
        aria-hidden
        className="relative flex size-7 shrink-0 items-center justify-center rounded-full border bg-background text-muted-foreground"
      >
        <Icon className="size-3.5" />
      </span>
      <div className="grid min-w-0 flex-1 grid-cols-1 gap-1.5 pt-0.5">
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <p className="text-sm">
            <span className="font-medium">{title}</span>
            <span className="text-muted-foreground">
              {by && <> · {by}</>} · <RelativeTime iso={entry.at} />
            </span>
          </p>
          {actions}
        </div>
        {showLead && entry.lead && (
          <p className="text-xs text-muted-foreground">
            {t('entry.opportunity', { name: entry.lead.assessment })}
          </p>
        )}
        {children}
      </div>
    </li>
  );
}

/** One line of a timeline: an opportunity created, a status move, a note, or a task created or done. */
export function TimelineEntry({
  entry,
  showLead,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
  editor,
}: TimelineEntryProps) {
  const { t } = useTranslation(['timeline', 'leads']);
  const format = useFormatters();
  const frame = { entry, showLead };

  switch (entry.kind) {
    case 'created':
      return (
        <EntryFrame
          icon={SparklesIcon}
          title={entry.lead ? t('entry.created') : t('entry.brandCreated')}
          {...frame}
        >
          {entry.to_status && (
            <div>
              <ContractStatusBadge status={entry.to_status} />
            </div>
          )}
        </EntryFrame>
      );
    case 'status':
      return (
        <EntryFrame icon={RepeatIcon} title={t('entry.status')} {...frame}>
          {entry.to_status && (
            <div className="flex flex-wrap items-center gap-1.5">
              {entry.from_status && (
                <>
                  <ContractStatusBadge status={entry.from_status} />
                  <ArrowRightIcon className="size-3.5 text-muted-foreground" aria-hidden />
                  <span className="sr-only">→</span>
                </>
              )}
              <ContractStatusBadge status={entry.to_status} />
            </div>
          )}
          {entry.reason && (
            <p className="border-l-2 pl-2 text-sm break-words whitespace-pre-wrap">
              <span className="font-medium">{t('entry.reason')}:</span> {entry.reason}
            </p>
          )}
        </EntryFrame>
      );
    case 'note': {
      const note = entry.note;
      if (!note) return null;
      const edited = note.updatedAt !== note.createdAt;
      return (
        <EntryFrame
          icon={MessageSquareTextIcon}
          title={note.author?.name ?? t('entry.removedUser')}
          {...frame}
          actions={
            !editor &&
            (canEdit || canDelete) && (
              <div className="flex gap-1">
                {canEdit && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="h-7 px-2"
                    data-edit-note={note.id}
                    onClick={() => onEdit(note)}
                  >
                    {t('actions.edit')}
                  </Button>
                )}
                {canDelete && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="h-7 px-2 text-destructive hover:text-destructive"
                    onClick={() => onDelete(note)}
                  >
                    {t('actions.delete')}
                  </Button>
                )}
              </div>
            )
          }
        >
          {editor ?? (
            <div className="rounded-md border bg-muted/40 px-3 py-2">
              <NoteBody note={note} />
              {edited && (
                <p className="mt-1 text-xs text-muted-foreground">
                  <span title={format.dateTimeLong(note.updatedAt)}>{t('entry.edited')}</span>
                </p>
              )}
            </div>
          )}
        </EntryFrame>
      );
    }
    case 'task': {
      const task = entry.task;
      if (!task) return null;
      const completed = entry.task_event === 'completed';
      return (
        <EntryFrame
          icon={completed ? CircleCheckIcon : ListTodoIcon}
          title={completed ? t('entry.taskCompleted') : t('entry.taskCreated')}
          {...frame}
        >
          <div className="grid gap-0.5 text-sm">
            <p className="font-medium break-words">{task.title}</p>
            <p className="text-xs text-muted-foreground">
              {t('entry.due', { date: format.dateTime(task.due_at) })}
              {task.assignee && <> · {t('entry.assignee', { name: task.assignee.name })}</>}
            </p>
          </div>
        </EntryFrame>
      );
    }
    default:
      return null;
  }
}
