import type { Note, Role } from '@funil/shared';

/** The signed-in user, as the timeline needs them: who they are and what roles they hold. */
export type TimelineViewer = { id: string; roles: readonly Role[] };

/** Besides its author, these roles may delete anyone's note (as the API allows). */
export const NOTE_MODERATOR_ROLES: readonly Role[] = ['admin', 'manager'];

/** Only the author edits a note. */
export const canEditNote = (note: Note, viewer: TimelineViewer | null) =>
  viewer !== null && note.author?.id === viewer.id;

/** The author, an admin or a manager deletes a note. */
export const canDeleteNote = (note: Note, viewer: TimelineViewer | null) =>
  viewer !== null &&
  (note.author?.id === viewer.id || viewer.roles.some((role) => NOTE_MODERATOR_ROLES.includes(role)));
