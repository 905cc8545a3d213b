import { hasPermission } from './permissions';

/**
 * Who may change a note or a task: the API refuses with 403 what these refuse, and the screens
 * show their buttons by the same rules.
 */

/** Who acts: their user id, and whether their roles grant `work.others` (admin, manager). */
export type WorkActor = { id: string; actsOnOthers: boolean };

export const workActor = (user: { id: string; roles: readonly string[] }): WorkActor => ({
  id: user.id,
  actsOnOthers: hasPermission(user.roles, 'work.others'),
});

/** Only its author edits a note (an admin neither: the words are the author's). */
export const mayEditNote = (actor: WorkActor, authorId: string | null): boolean => authorId === actor.id;

/** Its author deletes a note, and so does whoever acts on others' work. */
export const mayDeleteNote = (actor: WorkActor, authorId: string | null): boolean =>
  actor.actsOnOthers || authorId === actor.id;

/** Its creator, its assignee, or whoever acts on others' work edits or completes a task. */
export const mayEditTask = (
  actor: WorkActor,
  task: { creatorId: string | null; assigneeId: string | null },
): boolean => actor.actsOnOthers || task.creatorId === actor.id || task.assigneeId === actor.id;

/** Its creator, or whoever acts on others' work, deletes a task. */
export const mayDeleteTask = (actor: WorkActor, creatorId: string | null): boolean =>
  actor.actsOnOthers || creatorId === actor.id;
