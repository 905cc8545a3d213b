import {
  mayDeleteTask,
  mayEditTask,
  type Task,
  type TaskCounts,
  type TaskCreate,
  type TaskListQuery,
  type TaskUpdate,
  workActor,
} from '@funil/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstNumber, readRows } from '../../db/read-rows';
import { tasks, users } from '../../db/schema';
import { writeAs } from '../../db/write-as';
import { AppError } from '../../lib/app-error';
import { type ColumnNames, patchColumns } from '../../lib/patch-columns';
import { type ListPage, paginate } from '../../lib/pagination';
import { holdRecord } from '../records/record-exists';
import type { UserRecord } from '../users/user-record';
import { taskFilter } from './task-filters';
import { getTasksByIds, selectTasks } from './task-select';

/**
 * The column each field a PATCH writes as sent goes to; the due date (a Date), the reminder, the
 * record (naming one clears the other) and done are worked out in updateTask.
 */
const taskColumns = {
  title: 'title',
  assignee: 'assigneeId',
} as const satisfies ColumnNames<TaskUpdate, keyof typeof tasks.$inferInsert>;

const taskNotFound = () => new AppError(404, 'errors:not_found.task');

export async function getTask(db: Database, id: string): Promise<Task> {
  const [task] = await getTasksByIds(db, [id]);
  if (!task) throw taskNotFound();
  return task;
}

/** Tasks under the filters, by due date (soonest first) unless asked otherwise. */
export function listTasks(db: Database, query: TaskListQuery, user: UserRecord): Promise<ListPage<Task>> {
  const filter = taskFilter(query, user.id);
  const field = query.sort ?? 'due_at';
  const direction = query.order ?? (field === 'due_at' ? 'asc' : 'desc');
  const sortColumn = field === 'due_at' ? tasks.dueAt : tasks.createdAt;
  const orderBy = (): SQL[] =>
    direction === 'asc' ? [asc(sortColumn), asc(tasks.id)] : [desc(sortColumn), desc(tasks.id)];
  return paginate(
    query,
    () =>
      readRows(
        db,
        `task_count|${filter.key}`,
        () => ({
          query: db.select({ total: count() }).from(tasks).where(filter.condition()),
          mapRows: firstNumber,
        }),
        filter.values,
      ),
    (window) =>
      readRows(
        db,
        `task_page|${filter.key}|${field}|${direction}`,
        () => {
          const { query: select, toTasks } = selectTasks(db);
          return {
            query: select
              .where(filter.condition())
              .orderBy(...orderBy())
              .limit(sql.placeholder('limit'))
              .offset(sql.placeholder('offset')),
            mapRows: toTasks,
          };
        },
        { ...filter.values, limit: window?.limit ?? 100, offset: window?.offset ?? 0 },
      ),
  );
}

/** The signed-in user's open tasks, and how many of them are overdue (the sidebar's badge). */
export async function countMyTasks(db: Database, user: UserRecord): Promise<TaskCounts> {
  const [counts] = await readRows(
    db,
    'task_counts_mine',
    () => ({
      query: db
        .select({
          overdue: sql<number>`count(*) filter (where ${tasks.dueAt} < now())`,
          open: count(),
        })
        .from(tasks)
        .where(and(eq(tasks.assigneeId, sql.placeholder('user_id')), eq(tasks.done, false))),
      mapRows: (rows) => rows.map(([overdue, open]) => ({ overdue: Number(overdue), open: Number(open) })),
    }),
    { user_id: user.id },
  );
  return counts ?? { overdue: 0, open: 0 };
}

type TaskReferences = { assignee?: string | undefined; lead_id?: string | null; brand_id?: string | null };

/**
 * The assignee must be an active user, the lead and the brand must exist: else 400 on that field.
 * Run in the write's transaction: the lead or brand is held until it ends (see holdRecord), so a
 * delete of it either came first (this 400) or waits and then takes the task along.
 */
async function checkTaskReferences(tx: Database, input: TaskReferences): Promise<void> {
  if (input.assignee) {
    const [found] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.assignee), eq(users.isActive, true)));
    if (!found) throw new AppError(400, 'validation:task.assignee_unknown', { field: 'assignee' });
  }
  if (input.lead_id && !(await holdRecord(tx, 'lead', input.lead_id))) {
    throw new AppError(400, 'errors:not_found.lead', { field: 'lead_id' });
  }
  if (input.brand_id && !(await holdRecord(tx, 'brand', input.brand_id))) {
    throw new AppError(400, 'errors:not_found.brand', { field: 'brand_id' });
  }
}

/** Marking done stamps who and when; reopening clears both. */
const doneColumns = (done: boolean, userId: string) =>
  done ? { done: true, doneAt: sql`now()`, doneBy: userId } : { done: false, doneAt: null, doneBy: null };

export async function createTask(db: Database, input: TaskCreate, user: UserRecord): Promise<Task> {
  // Without a reminder time the assignee is reminded at the due time; null: never.
  const remindAt = input.remind_at === undefined ? input.due_at : input.remind_at;
  return writeAs(db, user.id, async (tx) => {
    await checkTaskReferences(tx, input);
    const [row] = await tx
      .insert(tasks)
      .values({
        title: input.title,
        dueAt: new Date(input.due_at),
        remindAt: remindAt === null ? null : new Date(remindAt),
        assigneeId: input.assignee ?? user.id,
        createdBy: user.id,
        leadId: input.lead_id ?? null,
        brandId: input.brand_id ?? null,
        ...doneColumns(input.done ?? false, user.id),
      })
      .returning({ id: tasks.id });
    if (!row) throw new Error('task insert returned no row');
    // Read in the transaction: the answer is the task as written, even when a delete of its
    // record, waiting on this one, takes it away right after.
    return getTask(tx, row.id);
  });
}

type CurrentTask = {
  createdBy: string | null;
  assigneeId: string | null;
  dueAt: Date;
  remindAt: Date | null;
  done: boolean;
};

async function lockTask(tx: Database, id: string): Promise<CurrentTask> {
  const [current] = await tx
    .select({
      createdBy: tasks.createdBy,
      assigneeId: tasks.assigneeId,
      dueAt: tasks.dueAt,
      remindAt: tasks.remindAt,
      done: tasks.done,
    })
    .from(tasks)
    .where(eq(tasks.id, id))
    .for('no key update');
  if (!current) throw taskNotFound();
  return current;
}

/** The reminder after a PATCH: as given; or, when only the due date moved, moved by as much. */
function nextRemindAt(current: CurrentTask, input: TaskUpdate): Date | null | undefined {
  if (input.remind_at !== undefined) return input.remind_at === null ? null : new Date(input.remind_at);
  if (input.due_at === undefined || current.remindAt === null) return undefined;
  return new Date(current.remindAt.getTime() + (new Date(input.due_at).getTime() - current.dueAt.getTime()));
}

/** The creator, the assignee, an admin or a manager edits or completes a task. */
export async function updateTask(
  db: Database,
  id: string,
  input: TaskUpdate,
  user: UserRecord,
): Promise<Task> {
  return writeAs(db, user.id, async (tx) => {
    const current = await lockTask(tx, id);
    if (!mayEditTask(workActor(user), { creatorId: current.createdBy, assigneeId: current.assigneeId })) {
      throw new AppError(403, 'errors:tasks.edit_denied');
    }
    await checkTaskReferences(tx, input);
    const remindAt = nextRemindAt(current, input);
    // A task belongs to one record at most: naming one moves it there from the other.
    const record =
      input.lead_id !== undefined && input.lead_id !== null
        ? { leadId: input.lead_id, brandId: null }
        : input.brand_id !== undefined && input.brand_id !== null
          ? { brandId: input.brand_id, leadId: null }
          : {
              ...(input.lead_id === null ? { leadId: null } : {}),
              ...(input.brand_id === null ? { brandId: null } : {}),
            };
    await tx
      .update(tasks)
      .set({
        ...patchColumns(input, taskColumns),
        ...(input.due_at === undefined ? {} : { dueAt: new Date(input.due_at) }),
        ...(remindAt === undefined ? {} : { remindAt }),
        ...record,
        ...(input.done === undefined || input.done === current.done ? {} : doneColumns(input.done, user.id)),
        updatedAt: sql`now()`,
      })
      .where(eq(tasks.id, id));
    return getTask(tx, id);
  });
}

/** The creator, an admin or a manager deletes a task (its reminder goes with it). */
export async function deleteTask(db: Database, id: string, user: UserRecord): Promise<void> {
  await writeAs(db, user.id, async (tx) => {
    const current = await lockTask(tx, id);
    if (!mayDeleteTask(workActor(user), current.createdBy)) {
      throw new AppError(403, 'errors:tasks.delete_denied');
    }
    await tx.delete(tasks).where(eq(tasks.id, id));
  });
}
