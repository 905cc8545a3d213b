import type { TaskListQuery } from '@funil/shared';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { tasks } from '../../db/schema';

type FilterValue = string | boolean;

type TaskFilterDefinition = {
  value: (query: TaskListQuery, userId: string) => FilterValue | undefined;
  condition: (parameter: SQLWrapper) => SQL;
};

const isOverdue = sql`(not ${tasks.done} and ${tasks.dueAt} < now())`;

/**
 * The task list's filters: each one's value and its condition on `tasks`. `overdue=true` and
 * `overdue=false` are two conditions, so each statement's text says which one it reads and the
 * planner can use the due-date index for the first.
 */
const FILTERS = {
  assignee: {
    value: (query, userId) => (query.assignee === 'me' ? userId : query.assignee),
    condition: (p) => eq(tasks.assigneeId, p),
  },
  done: { value: (query) => query.done, condition: (p) => eq(tasks.done, p) },
  overdue: { value: (query) => (query.overdue === true ? true : undefined), condition: () => isOverdue },
  not_overdue: {
    value: (query) => (query.overdue === false ? true : undefined),
    condition: () => sql`not ${isOverdue}`,
  },
  due_before: {
    value: (query) => query.due_before,
    condition: (p) => sql`${tasks.dueAt} < ${p}::timestamptz`,
  },
  due_after: {
    value: (query) => query.due_after,
    condition: (p) => sql`${tasks.dueAt} >= ${p}::timestamptz`,
  },
  lead_id: { value: (query) => query.lead_id, condition: (p) => eq(tasks.leadId, p) },
  brand_id: { value: (query) => query.brand_id, condition: (p) => eq(tasks.brandId, p) },
} satisfies Record<string, TaskFilterDefinition>;

type TaskFilterName = keyof typeof FILTERS;

/** The filters in use: their names (part of the statement's key), condition and values by placeholder. */
export function taskFilter(query: TaskListQuery, userId: string) {
  const names: TaskFilterName[] = [];
  const values: Record<string, FilterValue> = {};
  for (const [name, definition] of Object.entries(FILTERS) as [TaskFilterName, TaskFilterDefinition][]) {
    const value = definition.value(query, userId);
    if (value === undefined || value === '') continue;
    names.push(name);
    values[`f_${name}`] = value;
  }
  const condition = (): SQL | undefined =>
    and(...names.map((name) => FILTERS[name].condition(sql.placeholder(`f_${name}`))));
  return { key: names.join(','), values, condition };
}
