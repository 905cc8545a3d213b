// Task names without zod: the board filters by them without the schemas.

/** The board's and the list's filter by a deal's tasks: overdue ones, open ones, none. */
export const TASK_FILTERS = ['overdue', 'open', 'none'] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];
