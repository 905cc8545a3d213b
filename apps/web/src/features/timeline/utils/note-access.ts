import { mayDeleteNote, mayEditNote, type Note, type Role, workActor } from '@funil/shared';

/** The signed-in user, as the timeline needs them: who they are and what roles they hold. */
export type TimelineViewer = { id: string; roles: readonly Role[] };

/** Only the author edits a note (`mayEditNote`). */
export const canEditNote = (note: Note, viewer: TimelineViewer | null) =>
  viewer !== null && mayEditNote(workActor(viewer), note.author?.id ?? null);

/** The author deletes a note, and so does whoever may act on other people's work (`mayDeleteNote`). */
export const canDeleteNote = (note: Note, viewer: TimelineViewer | null) =>
  viewer !== null && mayDeleteNote(workActor(viewer), note.author?.id ?? null);
