import { z } from 'zod';
import { CONTRACT_STATUSES } from '../constants';
import { limitParam, pageParam, queryParam } from './common';
import { noteSchema } from './notes';
import { taskSchema } from './tasks';

export const TIMELINE_KINDS = ['created', 'status', 'note', 'task'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/**
 * `GET /api/leads/:id/timeline` and `GET /api/brands/:id/timeline`: newest first, by `page` and
 * `limit` or, at the cost of the first page however deep, by the `next_cursor` of the page before.
 */
export const timelineQuerySchema = z.object({
  page: pageParam,
  limit: limitParam,
  cursor: queryParam(
    z
      .string()
      .max(200, 'validation:list.cursor_invalid')
      .regex(/^[A-Za-z0-9_-]+$/, 'validation:list.cursor_invalid')
      .optional(),
  ),
});
export type TimelineQuery = z.output<typeof timelineQuerySchema>;

const actor = z.object({ id: z.string(), _id: z.string(), name: z.string() }).nullable();

/** The opportunity an entry belongs to (a brand's timeline gathers all of them). */
const entryLead = z.object({ id: z.string(), assessment: z.string() }).nullable();

export const timelineEntrySchema = z.object({
  /** Unique in the timeline: the kind and the record it comes from. */
  id: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  at: z.iso.datetime(),
  by: actor,
  lead: entryLead,
  /** A status move: the history entry's statuses and the reason a deal was lost. */
  from_status: z.enum(CONTRACT_STATUSES).nullable().optional(),
  to_status: z.enum(CONTRACT_STATUSES).optional(),
  reason: z.string().nullable().optional(),
  note: noteSchema.optional(),
  task: taskSchema.optional(),
  /** A task entry: the task was created, or completed. */
  task_event: z.enum(['created', 'completed']).optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timelineResponseSchema = z.object({
  data: z.array(timelineEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type TimelineResponse = z.infer<typeof timelineResponseSchema>;
