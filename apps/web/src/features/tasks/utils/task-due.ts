/** Open and due before `now`. */
export const isOverdue = (task: { done: boolean; due_at: string }, now: number) =>
  !task.done && new Date(task.due_at).getTime() < now;
