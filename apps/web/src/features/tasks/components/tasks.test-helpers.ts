import { type Task, taskSchema } from '@funil/shared';
import { afterEach, beforeEach, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiUser, fixtureId } from '@/test/api-fixtures';
import { type StubRoute, stubApi } from '@/test/api-stub';

export const ME = apiUser({ roles: ['comercial'] });
const reference = (user: typeof ME) => ({ id: user.id, _id: user.id, name: user.name, email: user.email });

/** A task as the API answers it: mine, made by me, open, on no record unless told otherwise. */
export function apiTask(n: number, overrides: Partial<Task> = {}): Task {
  const id = fixtureId(70_000 + n);
  return taskSchema.parse({
    id,
    _id: id,
    title: `Tarefa ${n}`,
    due_at: '2026-11-26T15:00:00.000Z',
    remind_at: null,
    done: false,
    done_at: null,
    assignee: reference(ME),
    created_by: reference(ME),
    lead_id: null,
    brand_id: null,
    record: null,
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  });
}

export const taskList = (tasks: Task[]) => ({ data: tasks, total: tasks.length, page: 1, limit: 20 });

/** Signs `ME` in (a comercial unless told) and stubs the calls the tasks screens make besides `routes`. */
export function signedInForTasks(routes: Record<string, StubRoute>, roles = ME.roles) {
  const user = { ...ME, roles };
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return stubApi({
    'GET /api/auth/me': { body: user },
    'GET /api/tasks/counts': { body: { overdue: 0, open: 0 } },
    'GET /api/users': { body: { data: [user], total: 1, page: 1, limit: 1 } },
    ...routes,
  });
}

export const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

/** Thursday 26 November 2026, 14:00 in São Paulo (17:00 UTC). */
export const NOW = new Date('2026-11-26T17:00:00.000Z');

/**
 * Runs each test of the file in São Paulo at NOW, on a clock that does not move. Only the date is
 * fixed: timers stay real, so the screens' waits work as in the other tests.
 */
export function atFixedSaoPauloTime() {
  beforeEach(() => {
    vi.stubEnv('TZ', 'America/Sao_Paulo');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
}
