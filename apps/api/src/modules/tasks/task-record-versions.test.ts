import type { Brand, Lead, Task } from '@funil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia, type LeadReferences } from '../../../test/lead-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';

// A task is not an edit of its lead or brand: writing one changes the counters the record shows
// (open tasks, next due date) but not the record's ETag, so an edit made over it still passes.
describe('a task written on a record keeps the record’s version', () => {
  let app: App;
  let user: SignedIn;
  let refs: LeadReferences;

  beforeAll(async () => {
    app = await buildTestApp();
    user = await signIn(app, { name: 'Vera Versão' });
    refs = await createLeadReferences(app, user.headers);
  });
  afterAll(() => app.close());

  const send = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { ...user.headers, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const read = async <T>(url: string) => {
    const response = await send('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.json<T>(), etag: response.headers.etag as string };
  };
  const createTask = async (record: Record<string, string>, dueInHours: number) => {
    const due = new Date(Date.now() + dueInHours * 3_600_000).toISOString();
    const response = await send('POST', '/api/tasks', { title: 'Ligar', due_at: due, ...record });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Task>();
  };
  const taskWrite = async (method: string, taskId: string, payload?: unknown) => {
    const response = await send(method, `/api/tasks/${taskId}`, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
  };

  it('a task created, completed or deleted on a lead keeps its ETag; the old If-Match passes; a real change moves it', async () => {
    const lead = await createLeadVia(app, user.headers, refs);
    const url = `/api/leads/${lead.id}`;
    const before = await read<Lead>(url);
    expect(before.etag).toMatch(/^"\d+"$/);

    const first = await createTask({ lead_id: lead.id }, 48);
    const second = await createTask({ lead_id: lead.id }, 24);
    const withTasks = await read<Lead>(url);
    expect(withTasks.body.open_tasks).toBe(2);
    expect(withTasks.body.next_task_due_at).toBe(second.due_at);
    expect(withTasks.etag).toBe(before.etag);

    await taskWrite('PATCH', second.id, { done: true });
    const completed = await read<Lead>(url);
    expect(completed.body).toMatchObject({ open_tasks: 1, next_task_due_at: first.due_at });
    expect(completed.etag).toBe(before.etag);

    await taskWrite('DELETE', first.id);
    const deleted = await read<Lead>(url);
    expect(deleted.body).toMatchObject({ open_tasks: 0, next_task_due_at: null });
    expect(deleted.etag).toBe(before.etag);

    const edit = await send('PATCH', url, { assessment: 'Revisto' }, { 'if-match': before.etag });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = edit.headers.etag as string;
    expect(edited).not.toBe(before.etag);
    expect((await read<Lead>(url)).etag).toBe(edited);

    const stale = await send('PATCH', url, { assessment: 'Outra' }, { 'if-match': before.etag });
    expect(stale.statusCode).toBe(412);

    // A save that changes nothing is still a save, as before.
    const same = await send('PATCH', url, { assessment: 'Revisto' }, { 'if-match': edited });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.headers.etag).not.toBe(edited);
  });

  it('a task written on a brand keeps the brand’s ETag; an edit of the brand changes it', async () => {
    const url = `/api/brands/${refs.brandId}`;
    const before = await read<Brand>(url);
    const task = await createTask({ brand_id: refs.brandId }, 12);
    expect((await read<Brand>(url)).etag).toBe(before.etag);
    await taskWrite('PATCH', task.id, { done: true });
    await taskWrite('DELETE', task.id);
    expect((await read<Brand>(url)).etag).toBe(before.etag);

    const edit = await send('PATCH', url, { description: 'Nova' }, { 'if-match': before.etag });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.headers.etag).not.toBe(before.etag);
  });
});
