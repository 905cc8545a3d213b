import type { Note, NoteCreateInput, NoteListResponse, NoteUpdateInput } from '@funil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { type RecordRef, recordPath, timelineKeys } from './timeline';

export type { Note, NoteListResponse };

export const noteKeys = {
  all: ['api', 'notes'] as const,
  list: (record: RecordRef, page: number) => [...noteKeys.all, record.type, record.id, page] as const,
};

const notePath = (id: string) => `/api/notes/${encodeURIComponent(id)}`;

/** One page of a record's notes, newest first. */
export function listNotes(record: RecordRef, page = 1, signal?: AbortSignal) {
  return http.get<NoteListResponse>(`${recordPath(record)}/notes`, { params: { page }, signal });
}

export function createNote(record: RecordRef, body: NoteCreateInput) {
  return http.post<Note>(`${recordPath(record)}/notes`, body);
}

/** The author only (anyone else: 403). */
export function updateNote(id: string, body: NoteUpdateInput) {
  return http.patch<Note>(notePath(id), body);
}

/** The author, an admin or a manager (anyone else: 403). */
export function deleteNote(id: string) {
  return http.delete<void>(notePath(id));
}

export const noteListQueryOptions = (record: RecordRef, page = 1) =>
  queryOptions({
    queryKey: noteKeys.list(record, page),
    queryFn: ({ signal }) => listNotes(record, page, signal),
  });

/**
 * A note shows in its record's timeline and, for an opportunity's note, in its brand's: every
 * timeline is marked out of date (only the ones on screen are read again).
 */
function useInvalidateNotes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: noteKeys.all }),
      queryClient.invalidateQueries({ queryKey: timelineKeys.all }),
    ]);
}

export function useCreateNote(record: RecordRef) {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: (body: NoteCreateInput) => createNote(record, body),
    onSuccess: invalidate,
  });
}

export function useUpdateNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: NoteUpdateInput }) => updateNote(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({ mutationFn: deleteNote, onSuccess: invalidate });
}
