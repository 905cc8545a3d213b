import type { Note } from '@funil/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCreateNote, useDeleteNote, useUpdateNote } from '@/api/notes';
import { type RecordRef, timelineQueryOptions } from '@/api/timeline';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/http';
import { canDeleteNote, canEditNote, type TimelineViewer } from '../utils/note-access';
import { NoteComposer } from './note-composer';
import { TimelineEntry } from './timeline-entry';

export type RecordTimelineProps = {
  /** The opportunity or brand whose timeline this is. */
  record: RecordRef;
  /** The signed-in user: who may edit and delete which note. */
  viewer: TimelineViewer | null;
  /** The heading's level where the timeline is placed. */
  headingLevel?: 'h2' | 'h3';
  /** Whether the timeline shows its own heading (off where a tab or card already names it). */
  showHeading?: boolean;
};

function TimelineSkeleton() {
  return (
    <div className="grid gap-4" aria-busy>
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="flex gap-3">
          <Skeleton className="size-7 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-12" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * 'Linha do tempo': a box for a new note on top, then everything that happened to the record,
 * newest first — created, status moves, notes, tasks created and done — a page at a time
 * ('Carregar mais'). A brand's timeline gathers its opportunities' too, each named. The author
 * edits a note in place; the author, an admin or a manager deletes it.
 */
export function RecordTimeline({
  record,
  viewer,
  headingLevel = 'h3',
  showHeading = true,
}: RecordTimelineProps) {
  const { t } = useTranslation('timeline');
  const headingId = useId();
  const query = useInfiniteQuery(timelineQueryOptions(record));
  const create = useCreateNote(record);
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const [editingId, setEditingId] = useState<string | null>(null);
  // The note whose editor just closed: its 'Editar' button gets the focus back.
  const editedId = useRef<string | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const stopEditing = () => {
    editedId.current = editingId;
    setEditingId(null);
  };
  useEffect(() => {
    const id = editedId.current;
    if (editingId !== null || id === null) return;
    editedId.current = null;
    sectionRef.current?.querySelector<HTMLElement>(`[data-edit-note="${CSS.escape(id)}"]`)?.focus();
  }, [editingId]);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const Heading = headingLevel;

  // A confirmed delete takes away the button that opened the question: the focus goes to the box
  // for a new note instead (a cancelled one goes back to that button).
  const confirmed = useRef(false);
  function focusAfterQuestion(event: Event) {
    if (!confirmed.current) return;
    confirmed.current = false;
    event.preventDefault();
    sectionRef.current?.querySelector('textarea')?.focus();
  }

  async function confirmDelete() {
    const note = deleting;
    confirmed.current = true;
    setDeleting(null);
    if (!note) return;
    try {
      await remove.mutateAsync(note.id);
      toast.success(t('delete.done'));
    } catch (error) {
      toast.error(t('delete.error'), { description: getErrorMessage(error, t('delete.error')) });
    }
  }

  const entries = query.data?.pages.flatMap((page) => page.data) ?? [];
  let body;
  if (query.isPending) {
    body = <TimelineSkeleton />;
  } else if (query.isError) {
    body = <p className="text-sm text-destructive">{getErrorMessage(query.error, t('loadError'))}</p>;
  } else if (entries.length === 0) {
    body = <p className="text-sm text-muted-foreground">{t('empty')}</p>;
  } else {
    body = (
      <>
        <ol
          className="grid grid-cols-1"
          aria-labelledby={showHeading ? headingId : undefined}
          aria-label={showHeading ? undefined : t('title')}
        >
          {entries.map((entry) => {
            const note = entry.note;
            const isEditing = note !== undefined && editingId === note.id;
            return (
              <TimelineEntry
                key={entry.id}
                entry={entry}
                showLead={record.type === 'brand'}
                canEdit={note !== undefined && canEditNote(note, viewer)}
                canDelete={note !== undefined && canDeleteNote(note, viewer)}
                onEdit={(target) => setEditingId(target.id)}
                onDelete={setDeleting}
                editor={
                  isEditing && note ? (
                    <NoteComposer
                      label={t('composer.editLabel')}
                      submitLabel={t('composer.saveEdit')}
                      initialBody={note.body}
                      initialMentions={note.mentioned_users}
                      // eslint-disable-next-line jsx-a11y/no-autofocus -- 'Editar' was just pressed: the note's text is what the user asked for
                      autoFocus
                      onCancel={stopEditing}
                      onSave={async (draft) => {
                        await update.mutateAsync({ id: note.id, body: draft });
                        stopEditing();
                        toast.success(t('composer.saved'));
                      }}
                    />
                  ) : undefined
                }
              />
            );
          })}
        </ol>
        {query.isFetchNextPageError && <p className="text-sm text-destructive">{t('loadMoreError')}</p>}
        {query.hasNextPage && (
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? t('actions.loadingMore') : t('actions.loadMore')}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section
      ref={sectionRef}
      className="grid min-w-0 grid-cols-1 gap-4"
      aria-labelledby={showHeading ? headingId : undefined}
    >
      {showHeading && (
        <Heading id={headingId} className="text-sm font-semibold">
          {t('title')}
        </Heading>
      )}
      <NoteComposer
        label={t('composer.label')}
        submitLabel={t('composer.save')}
        clearOnSave
        onSave={async (draft) => {
          await create.mutateAsync(draft);
          toast.success(t('composer.saved'));
        }}
      />
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        description={t('delete.description')}
        confirmLabel={t('delete.confirm')}
        destructive
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        onCloseAutoFocus={focusAfterQuestion}
      />
    </section>
  );
}
