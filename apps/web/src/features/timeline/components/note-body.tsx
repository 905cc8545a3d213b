import type { Note } from '@funil/shared';
import { useMemo } from 'react';
import { splitMentions } from '../utils/mentions';

/**
 * A note's text as plain text (React escapes it; nothing in it is ever read as HTML), its line
 * breaks kept, and the "@Name" of each person it mentions highlighted.
 */
export function NoteBody({ note }: { note: Pick<Note, 'body' | 'mentioned_users'> }) {
  const segments = useMemo(
    () => splitMentions(note.body, note.mentioned_users),
    [note.body, note.mentioned_users],
  );
  return (
    <p className="text-sm break-words whitespace-pre-wrap" data-testid="note-body">
      {segments.map((segment, index) =>
        segment.user ? (
          <mark
            key={index}
            className="rounded-sm bg-primary/10 px-0.5 font-medium text-primary dark:bg-primary/20 dark:text-indigo-200"
            data-user-id={segment.user.id}
          >
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
