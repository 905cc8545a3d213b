import type {
  Task,
  TaskCounts,
  TaskCreateInput,
  TaskListQuery,
  TaskListResponse,
  TaskUpdateInput,
} from '@funil/shared';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '@/lib/http';
import { brandKeys } from './brands';
import { refreshLeadTaskCounters } from './task-record-caches';
import { listUsers, userKeys } from './users';

export type { Task, TaskCounts, TaskListResponse };

/** What a task list asks: every filter optional, paging by page number. */
export type TaskListParams = Partial<TaskListQuery>;

/**
 * Every task query sits under ['api', 'tasks']: the lists (one per tab, filter and page), the
 * signed-in user's counts (the sidebar's badge) and single tasks.
 */
export const taskKeys = {
  all: ['api', 'tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (params: TaskListParams) => [...taskKeys.lists(), params] as const,
  counts: () => [...taskKeys.all, 'counts'] as const,
  detail: (id: string) => [...taskKeys.all, 'detail', id] as const,
};

/** How often the sidebar's overdue count is read again while no event says so: a task falls due by the clock. */
export const TASK_COUNTS_REFRESH_MS = 60_000;

const taskPath = (id: string) => `/api/tasks/${encodeURIComponent(id)}`;

export function listTasks(params: TaskListParams, signal?: AbortSignal) {
  return http.get<TaskListResponse>('/api/tasks', { params, signal });
}

export function getTaskCounts(signal?: AbortSignal) {
  return http.get<TaskCounts>('/api/tasks/counts', { signal });
}

export function getTask(id: string, signal?: AbortSignal) {
  return http.get<Task>(taskPath(id), { signal });
}

export function createTask(body: TaskCreateInput) {
  return http.post<Task>('/api/tasks', body);
}

export function updateTask(id: string, body: TaskUpdateInput) {
  return http.patch<Task>(taskPath(id), body);
}

export function deleteTask(id: string) {
  return http.delete<void>(taskPath(id));
}

export const taskListQueryOptions = (params: TaskListParams) =>
  queryOptions({
    queryKey: taskKeys.list(params),
    queryFn: ({ signal }) => listTasks(params, signal),
    // A tab, filter or page changed: the rows stay on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const taskCountsQueryOptions = () =>
  queryOptions({
    queryKey: taskKeys.counts(),
    queryFn: ({ signal }) => getTaskCounts(signal),
    refetchInterval: TASK_COUNTS_REFRESH_MS,
  });

const ASSIGNEE_PARAMS = { isActive: true, sort: 'name', order: 'asc' } as const;

/** Whom a task may be given to: the active users, by name. */
export const taskAssigneesQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.list(ASSIGNEE_PARAMS),
    queryFn: ({ signal }) => listUsers(signal, ASSIGNEE_PARAMS),
  });

/** The records a task change touches besides the tasks: its lead's or brand's open-task count. */
type TaskRecordRef = Pick<Task, 'lead_id' | 'brand_id'>;

/**
 * After a task is saved: every task list and the counts are read again; the lead it belongs to
 * (before and after the change) gets its `open_tasks` and `next_task_due_at` put in place where it
 * shows (task-record-caches.ts: the board's other cards and columns are not read again), and the
 * brand queries are read again when it is on a brand.
 */
export function invalidateAfterTaskChange(
  queryClient: QueryClient,
  ...records: (TaskRecordRef | undefined)[]
) {
  const touched = records.filter((record): record is TaskRecordRef => record !== undefined);
  const work: Promise<void>[] = [queryClient.invalidateQueries({ queryKey: taskKeys.all })];
  const leadIds = new Set(touched.flatMap((record) => (record.lead_id ? [record.lead_id] : [])));
  for (const leadId of leadIds) work.push(refreshLeadTaskCounters(queryClient, leadId));
  if (touched.some((record) => record.brand_id)) {
    work.push(queryClient.invalidateQueries({ queryKey: brandKeys.all }));
  }
  return Promise.all(work);
}

/** Every cached task list with `patch` applied to the task `id` wherever it shows. */
function patchCachedTask(queryClient: QueryClient, id: string, patch: (task: Task) => Task) {
  queryClient.setQueriesData<TaskListResponse>({ queryKey: taskKeys.lists() }, (list) =>
    list?.data.some((task) => task.id === id)
      ? { ...list, data: list.data.map((task) => (task.id === id ? patch(task) : task)) }
      : list,
  );
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: (task) => invalidateAfterTaskChange(queryClient, task),
  });
}

export type TaskUpdateVariables = { task: Task; body: TaskUpdateInput };

/** Saves an edit of `task`; the lists, counts and both records it may have moved between are read again. */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, body }: TaskUpdateVariables) => updateTask(task.id, body),
    onSuccess: (saved, { task }) => invalidateAfterTaskChange(queryClient, task, saved),
  });
}

export type TaskDoneVariables = { task: Task; done: boolean };

/**
 * Completes a task (or opens it again) at once on screen: every cached list shows it done before
 * the server answers, and goes back if the save fails; the lists are read again either way.
 */
export function useSetTaskDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, done }: TaskDoneVariables) => updateTask(task.id, { done }),
    onMutate: async ({ task, done }) => {
      await queryClient.cancelQueries({ queryKey: taskKeys.lists() });
      const previous = queryClient.getQueriesData<TaskListResponse>({ queryKey: taskKeys.lists() });
      const doneAt = done ? new Date().toISOString() : null;
      patchCachedTask(queryClient, task.id, (cached) => ({ ...cached, done, done_at: doneAt }));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [queryKey, data] of context?.previous ?? []) queryClient.setQueryData(queryKey, data);
    },
    onSettled: (_saved, _error, { task }) => invalidateAfterTaskChange(queryClient, task),
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: Task) => deleteTask(task.id),
    onSuccess: (_result, task) => invalidateAfterTaskChange(queryClient, task),
  });
}
