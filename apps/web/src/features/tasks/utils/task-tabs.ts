import { addDays, addWeeks, formatISO, startOfDay, startOfWeek } from 'date-fns';
import type { TaskListParams } from '@/api/tasks';

/** The Tarefas page's sections, in the order of its tabs. */
export const TASK_TABS = ['today', 'overdue', 'week', 'done'] as const;
export type TaskTab = (typeof TASK_TABS)[number];

export const isTaskTab = (value: string | null): value is TaskTab =>
  (TASK_TABS as readonly (string | null)[]).includes(value);

/** A week runs Monday to Sunday, as Brazilian business calendars count it. */
const WEEK_STARTS_ON = 1;

/** A moment with the browser's own offset (`2026-11-26T00:00:00-03:00`), as the API takes it. */
const moment = (date: Date) => formatISO(date);

/**
 * What each tab asks the API, computed in the browser's time zone at `now`: "Hoje" is the open
 * tasks due from today's midnight to tomorrow's (the API's `due_after` is inclusive, its
 * `due_before` exclusive); "Esta semana" the open ones due from this Monday's midnight to the
 * next; "Atrasadas" the open ones due before now (decided by the server's clock); "Concluídas"
 * the done ones, the latest due first.
 */
export function taskTabParams(tab: TaskTab, now: Date): TaskListParams {
  switch (tab) {
    case 'today': {
      const start = startOfDay(now);
      return { done: false, due_after: moment(start), due_before: moment(addDays(start, 1)) };
    }
    case 'week': {
      const start = startOfWeek(now, { weekStartsOn: WEEK_STARTS_ON });
      return { done: false, due_after: moment(start), due_before: moment(addWeeks(start, 1)) };
    }
    case 'overdue':
      return { overdue: true };
    case 'done':
      return { done: true, sort: 'due_at', order: 'desc' };
  }
}

/** Who the list is about: the signed-in user, everyone, or one user (by id). */
export type AssigneeFilter = 'me' | 'all' | (string & {});

export function assigneeParam(filter: AssigneeFilter): Pick<TaskListParams, 'assignee'> {
  return filter === 'all' ? {} : { assignee: filter };
}
