import { hasPermission, type Note, type Role } from '@funil/shared';

/** The signed-in user, as the timeline needs them: who they are and what roles they hold. */
export type TimelineViewer = { id: string; roles: readonly Role[] };

/** Only the author edits a note. */
export const canEditNote = (note: Note, viewer: TimelineViewer | null) =>
  viewer !== null && note.author?.id === viewer.id;

/** The author deletes a note, and so does whoever may act on other people's work (admin, manager). */
export const canDeleteNote = (note: Note, viewer: TimelineViewer | null) =>
  viewer !== null && (note.author?.id === viewer.id || hasPermission(viewer.roles, 'work.others'));
