import type { LiveEvent, Task } from '@funil/shared';
import type { QueryClient } from '@tanstack/react-query';
import { taskKeys, type TaskListResponse } from '@/api/tasks';
import { type LiveCacheContext, writePatched } from '@/lib/live-cache';

type TaskEvent = Extract<LiveEvent, { type: `task.${string}` }>;

const isTaskEvent = (event: LiveEvent): event is TaskEvent => event.type.startsWith('task.');

/**
 * A cached task list after the events: a task it shows is replaced by its new version in place,
 * a deleted one leaves. Whether a task belongs on a page (a tab's dates, done or not, an assignee,
 * its place in the order) is the server's to say, so the patch only keeps the rows on screen
 * right until the list is read again.
 */
export function applyTaskEvents(list: TaskListResponse, events: readonly TaskEvent[]): TaskListResponse {
  let next = list;
  for (const event of events) {
    const index = next.data.findIndex((task) => task.id === event.id);
    if (index < 0) continue;
    if (event.type === 'task.deleted') {
      next = {
        ...next,
        data: next.data.filter((task) => task.id !== event.id),
        total: Math.max(0, next.total - 1),
      };
      continue;
    }
    const record = event.record as Task | undefined;
    if (record) next = { ...next, data: next.data.map((task, i) => (i === index ? record : task)) };
  }
  return next;
}

/**
 * The tasks feature's live patcher: every cached task list is patched where it can be and read
 * again (at most once a second while on screen), and the signed-in user's counts, the sidebar's
 * badge, are read again.
 */
export function patchTaskCaches(
  queryClient: QueryClient,
  events: readonly LiveEvent[],
  context: LiveCacheContext,
): void {
  const relevant = events.filter(isTaskEvent);
  if (relevant.length === 0) return;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: taskKeys.lists() })) {
    const list = query.state.data as TaskListResponse | undefined;
    if (list) writePatched(queryClient, context, query.queryKey, list, applyTaskEvents(list, relevant));
    context.markStale(query.queryKey);
  }
  context.markStale(taskKeys.counts());
}
