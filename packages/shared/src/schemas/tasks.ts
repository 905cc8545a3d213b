import { z } from 'zod';
import { booleanParam, idSchema, listQuerySchema, listResponseSchema, queryParam } from './common';
import { TASK_FILTERS } from '../constants/tasks';
import { userReferenceSchema } from './notes';

export const TASK_TITLE_MAX_LENGTH = 200;
export const TASK_SORT_FIELDS = ['due_at', 'createdAt'] as const;

const title = z
  .string('validation:task.title_required')
  .trim()
  .min(1, 'validation:task.title_required')
  .max(TASK_TITLE_MAX_LENGTH, 'validation:task.title_too_long');

/** A moment with its offset (`2026-11-27T17:00:00-03:00` or `…Z`). */
const moment = (message: string) => z.iso.datetime({ offset: true, error: message });

const dueAt = moment('validation:task.due_required');
/** When the assignee is emailed; null: no reminder. */
const remindAt = moment('validation:task.remind_invalid').nullable();
const recordId = idSchema.nullable();

const onlyOneRecord = (task: { lead_id?: string | null; brand_id?: string | null }) =>
  !(task.lead_id && task.brand_id);
const ONE_RECORD = { message: 'validation:task.one_record', path: ['brand_id'] };

/** A task's fields, in the dialog's order; a PATCH makes every one optional. */
const taskFields = {
  title,
  due_at: dueAt,
  remind_at: remindAt.optional(),
  assignee: idSchema.optional(),
  lead_id: recordId.optional(),
  brand_id: recordId.optional(),
  done: z.boolean('validation:common.boolean_invalid').optional(),
};

/**
 * `POST /api/tasks`. `remind_at` defaults to `due_at` (null: no reminder), `assignee` to the
 * creator; a task belongs to one opportunity, one brand, or nothing. Unknown fields: 400.
 */
export const taskCreateSchema = z.strictObject(taskFields).refine(onlyOneRecord, ONE_RECORD);
export type TaskCreateInput = z.input<typeof taskCreateSchema>;
export type TaskCreate = z.output<typeof taskCreateSchema>;

/**
 * `PATCH /api/tasks/:id`: absent fields stay. A new `due_at` without `remind_at` moves the
 * reminder by as much as the due date moved, as calendars do.
 */
export const taskUpdateSchema = z
  .strictObject({ ...taskFields, title: title.optional(), due_at: dueAt.optional() })
  .refine(onlyOneRecord, ONE_RECORD);
export type TaskUpdateInput = z.input<typeof taskUpdateSchema>;
export type TaskUpdate = z.output<typeof taskUpdateSchema>;

const momentParam = queryParam(
  z.iso.datetime({ offset: true, error: 'validation:task.date_filter_invalid' }).optional(),
);

/**
 * `GET /api/tasks`: `assignee` is `me` or a user id; `due_before`/`due_after` bound `due_at`
 * (the client computes "today" and "this week" in its own time zone); `overdue=true` is open and
 * due before now. Sorted by `due_at` ascending unless told otherwise.
 */
export const taskListQuerySchema = listQuerySchema(TASK_SORT_FIELDS).extend({
  assignee: queryParam(z.union([z.literal('me'), idSchema]).optional()),
  done: booleanParam,
  overdue: booleanParam,
  due_before: momentParam,
  due_after: momentParam,
  lead_id: queryParam(idSchema.optional()),
  brand_id: queryParam(idSchema.optional()),
});
export type TaskListQuery = z.output<typeof taskListQuerySchema>;
export type TaskListParams = z.input<typeof taskListQuerySchema>;

/** The record a task belongs to, named for lists: a lead by its brand and assessment. */
export const taskRecordSchema = z.object({
  type: z.enum(['lead', 'brand']),
  id: z.string(),
  name: z.string(),
});
export type TaskRecord = z.infer<typeof taskRecordSchema>;

export const taskSchema = z.object({
  id: z.string(),
  _id: z.string(),
  title: z.string(),
  due_at: z.iso.datetime(),
  remind_at: z.iso.datetime().nullable(),
  done: z.boolean(),
  done_at: z.iso.datetime().nullable(),
  /** Null once the assignee's account is deleted. */
  assignee: userReferenceSchema.nullable(),
  created_by: userReferenceSchema.nullable(),
  lead_id: z.string().nullable(),
  brand_id: z.string().nullable(),
  record: taskRecordSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListResponseSchema = listResponseSchema(taskSchema);
export type TaskListResponse = z.infer<typeof taskListResponseSchema>;

/** `GET /api/tasks/counts`: the signed-in user's open tasks that are overdue (the sidebar badge). */
export const taskCountsSchema = z.object({ overdue: z.number().int(), open: z.number().int() });
export type TaskCounts = z.infer<typeof taskCountsSchema>;

/** The lead list's, board's and summary's filter on a lead's tasks. */
export const taskFilterParam = queryParam(z.enum(TASK_FILTERS, 'validation:task.filter_invalid').optional());
