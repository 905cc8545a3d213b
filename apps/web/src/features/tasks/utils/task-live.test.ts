import type { LiveEvent } from '@funil/shared';
import { describe, expect, it, vi } from 'vitest';
import { taskKeys } from '@/api/tasks';
import { createQueryClient } from '@/lib/query-client';
import { apiTask, taskList } from '../components/tasks.test-helpers';
import { patchTaskCaches } from './task-live';

const envelope = { by: null, at: '2026-11-26T17:00:00.000Z' };

describe('tasks live patcher', () => {
  it('patches the rows it holds, drops the deleted ones, and reads the lists and counts again', () => {
    const queryClient = createQueryClient();
    const [a, b] = [apiTask(1), apiTask(2)];
    const listKey = taskKeys.list({ done: false, assignee: 'me', page: 1, limit: 20 });
    queryClient.setQueryData(listKey, taskList([a, b]));
    queryClient.setQueryData(taskKeys.counts(), { overdue: 1, open: 2 });
    const markStale = vi.fn();
    const events: LiveEvent[] = [
      { type: 'task.updated', id: a.id, ...envelope, record: { ...a, title: 'Novo título' } },
      { type: 'task.deleted', id: b.id, ...envelope },
      { type: 'lead.deleted', id: 'x', ...envelope },
    ];

    patchTaskCaches(queryClient, events, { markStale });

    expect(queryClient.getQueryData(listKey)).toEqual({
      ...taskList([{ ...a, title: 'Novo título' }]),
      total: 1,
    });
    expect(markStale).toHaveBeenCalledWith(listKey);
    expect(markStale).toHaveBeenCalledWith(taskKeys.counts());
  });

  it('leaves the task caches alone when no task changed', () => {
    const queryClient = createQueryClient();
    const markStale = vi.fn();
    patchTaskCaches(queryClient, [{ type: 'lead.deleted', id: 'x', ...envelope }], { markStale });
    expect(markStale).not.toHaveBeenCalled();
  });
});
