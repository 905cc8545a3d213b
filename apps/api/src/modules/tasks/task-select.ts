import type { Task, TaskRecord } from '@funil/shared';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { defineShape, derived, isoTimestamp, nullableShape } from '../../db/answer-shape';
import { isAnyIdOfJson } from '../../db/any-of-json';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { brands, leads, tasks, users } from '../../db/schema';
import { leadLabel } from '../records/record-label';

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');
const taskLead = alias(leads, 'task_lead');
const taskLeadBrand = alias(brands, 'task_lead_brand');
const taskBrand = alias(brands, 'task_brand');

const person = (user: typeof assignee | typeof creator) =>
  nullableShape(user.id, { id: user.id, _id: user.id, name: user.name, email: user.email });

/** The record's name: a lead by its brand and assessment, a brand by its name. */
const recordName = sql<
  string | null
>`coalesce(${leadLabel(sql`${taskLeadBrand.name}`, sql`${taskLead.assessment}`)}, ${taskBrand.name})`;

/** The API's task, its people and its record embedded. */
export const taskShape = defineShape<Task, []>(() => ({
  id: tasks.id,
  _id: tasks.id,
  title: tasks.title,
  due_at: isoTimestamp(tasks.dueAt),
  remind_at: isoTimestamp(tasks.remindAt),
  done: tasks.done,
  done_at: isoTimestamp(tasks.doneAt),
  assignee: person(assignee),
  created_by: person(creator),
  lead_id: tasks.leadId,
  brand_id: tasks.brandId,
  record: derived(
    [tasks.leadId, tasks.brandId, recordName],
    (leadId: string | null, brandId: string | null, name: string | null): TaskRecord | null => {
      if (leadId) return { type: 'lead', id: leadId, name: name ?? '' };
      if (brandId) return { type: 'brand', id: brandId, name: name ?? '' };
      return null;
    },
  ),
  createdAt: isoTimestamp(tasks.createdAt),
  updatedAt: isoTimestamp(tasks.updatedAt),
}));

/** Tasks with their people and record, for a list or a lookup to add its WHERE and ORDER BY to. */
export function selectTasks(db: Database) {
  const shape = taskShape();
  return {
    query: db
      .select(shape.columns)
      .from(tasks)
      .leftJoin(assignee, eq(assignee.id, tasks.assigneeId))
      .leftJoin(creator, eq(creator.id, tasks.createdBy))
      .leftJoin(taskLead, eq(taskLead.id, tasks.leadId))
      .leftJoin(taskLeadBrand, eq(taskLeadBrand.id, taskLead.brandId))
      .leftJoin(taskBrand, eq(taskBrand.id, tasks.brandId))
      .$dynamic(),
    toTasks: (rows: unknown[][]) => rows.map(shape.toAnswer),
  };
}

/** The tasks with these ids (missing ones are absent), as `GET /api/tasks/:id` answers each. */
export function getTasksByIds(db: Database, ids: readonly string[]): Promise<Task[]> {
  return readRows(
    db,
    'tasks_by_ids',
    () => {
      const { query, toTasks } = selectTasks(db);
      return { query: query.where(isAnyIdOfJson(tasks.id, sql.placeholder('ids'))), mapRows: toTasks };
    },
    { ids: JSON.stringify(ids) },
  );
}
