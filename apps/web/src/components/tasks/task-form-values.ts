import {
  type Task,
  type TaskCreate,
  type TaskCreateInput,
  taskCreateSchema,
  type TaskRecord,
  type TaskUpdate,
  type TaskUpdateInput,
  taskUpdateSchema,
} from '@funil/shared';
import { format, isValid } from 'date-fns';
import { z } from 'zod';

/** The reminder's choices: an offset before the due time, a moment of its own, or none. */
export const REMINDER_CHOICES = ['due', '15m', '1h', '1d', 'custom', 'none'] as const;
export type ReminderChoice = (typeof REMINDER_CHOICES)[number];

const MINUTE = 60_000;
const REMINDER_OFFSET_MS: Record<Exclude<ReminderChoice, 'custom' | 'none'>, number> = {
  due: 0,
  '15m': 15 * MINUTE,
  '1h': 60 * MINUTE,
  '1d': 24 * 60 * MINUTE,
};

/**
 * The task form as the user fills it: the due date and a custom reminder as the browser's
 * date-and-time fields hold them (`2026-11-27T17:00`, in the user's time zone), the reminder as
 * one of its choices, the assignee's id ('' for "me", the API's default).
 */
export type TaskFormValues = {
  title: string;
  due_at: string;
  reminder: ReminderChoice;
  remind_at: string;
  assignee: string;
};

/** An ISO moment as a date-and-time field shows it, in the user's time zone. */
export const toLocalInput = (iso: string) => format(new Date(iso), "yyyy-MM-dd'T'HH:mm");

/** A date-and-time field's value as an ISO moment; anything else is kept for the schema to refuse. */
function fromLocalInput(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return isValid(date) ? date.toISOString() : value;
}

/** The reminder choice that gives `task` its reminder: an offset it matches, else custom, or none. */
export function reminderChoiceOf(task: Pick<Task, 'due_at' | 'remind_at'>): ReminderChoice {
  if (task.remind_at === null) return 'none';
  const before = new Date(task.due_at).getTime() - new Date(task.remind_at).getTime();
  const match = (Object.keys(REMINDER_OFFSET_MS) as (keyof typeof REMINDER_OFFSET_MS)[]).find(
    (choice) => REMINDER_OFFSET_MS[choice] === before,
  );
  return match ?? 'custom';
}

export function taskFormDefaults(task: Task | null, assignee: string): TaskFormValues {
  if (!task) return { title: '', due_at: '', reminder: 'due', remind_at: '', assignee };
  return {
    title: task.title,
    due_at: toLocalInput(task.due_at),
    reminder: reminderChoiceOf(task),
    remind_at: task.remind_at ? toLocalInput(task.remind_at) : '',
    assignee: task.assignee?.id ?? '',
  };
}

/** What the form sends: the moments as ISO, the reminder worked out from its choice. */
function toTaskBody(values: TaskFormValues): TaskCreateInput {
  const dueAt = fromLocalInput(values.due_at);
  let remindAt: string | null | undefined;
  if (values.reminder === 'none') remindAt = null;
  else if (values.reminder === 'custom') remindAt = fromLocalInput(values.remind_at);
  else if (dueAt && isValid(new Date(dueAt)))
    remindAt = new Date(new Date(dueAt).getTime() - REMINDER_OFFSET_MS[values.reminder]).toISOString();
  return {
    title: values.title,
    due_at: dueAt,
    ...(remindAt !== undefined && { remind_at: remindAt }),
    ...(values.assignee && { assignee: values.assignee }),
  };
}

const formValuesSchema = z.object({
  title: z.string(),
  due_at: z.string(),
  reminder: z.enum(REMINDER_CHOICES),
  remind_at: z.string(),
  assignee: z.string(),
});

/**
 * A new task's form, checked by the API's own schema after the values are turned into the body it
 * sends, so the messages are the API's (`validation:task.*`) and sit on the fields of the same
 * names. `record`, when given, is the opportunity or brand the task is fixed to.
 */
export const taskCreateFormSchema = (record: TaskRecord | null) =>
  formValuesSchema
    .transform((values): TaskCreateInput => {
      const body = toTaskBody(values);
      if (record?.type === 'lead') body.lead_id = record.id;
      if (record?.type === 'brand') body.brand_id = record.id;
      return body;
    })
    .pipe(taskCreateSchema);

/** An edit's form: the same fields; its record stays the one the task has. */
export const taskUpdateFormSchema = () =>
  formValuesSchema.transform((values): TaskUpdateInput => toTaskBody(values)).pipe(taskUpdateSchema);

export type TaskFormOutput = TaskCreate | TaskUpdate;
