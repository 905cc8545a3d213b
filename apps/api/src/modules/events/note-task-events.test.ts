import type { Lead, Note, Task } from '@funil/shared';
import { EventStreamClient } from '@funil/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia } from '../../../test/lead-fixtures';
import { listeningUrl } from '../../../test/listening-url';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';

type EventData = { type: string; id: string; by: { id: string; name: string } | null; record?: unknown };

describe('live events of notes and tasks', () => {
  let app: App;
  let ana: SignedIn;
  let watcher: SignedIn;
  let client: EventStreamClient;

  beforeAll(async () => {
    app = await buildTestApp({ eventsPingMs: 200 });
    ana = await signIn(app, { name: 'Ana' });
    watcher = await signIn(app, { name: 'Bruno' });
    client = await EventStreamClient.open(await listeningUrl(app), watcher.headers);
  });
  afterAll(async () => {
    client.close();
    await app.close();
  });

  const send = (method: string, url: string, payload?: object) =>
    app.inject({ method: method as 'GET', url, headers: ana.headers, ...(payload ? { payload } : {}) });

  it('sends note and task events with their records, and the lead whose open tasks changed', async () => {
    const lead: Lead = await createLeadVia(app, ana.headers, await createLeadReferences(app, ana.headers));
    await client.waitFor<EventData>('lead.created');

    const note = (
      await send('POST', `/api/leads/${lead.id}/notes`, { body: 'Primeira conversa' })
    ).json<Note>();
    const [created] = await client.waitFor<EventData>('note.created');
    expect(created).toMatchObject({ id: note.id, by: { id: ana.user.id, name: 'Ana' }, record: note });
    const edited = (await send('PATCH', `/api/notes/${note.id}`, { body: 'Segunda versão' })).json<Note>();
    expect((await client.waitFor<EventData>('note.updated'))[0]?.record).toEqual(edited);
    await send('DELETE', `/api/notes/${note.id}`);
    expect((await client.waitFor<EventData>('note.deleted'))[0]).toMatchObject({ id: note.id });

    const leadEvents = client.events.filter((event) => event.event === 'lead.updated').length;
    const task = (
      await send('POST', '/api/tasks', {
        title: 'Retornar',
        due_at: '2030-01-01T12:00:00Z',
        lead_id: lead.id,
      })
    ).json<Task>();
    expect((await client.waitFor<EventData>('task.created'))[0]?.record).toEqual(task);
    // The lead's open_tasks moved with it: its own update, carrying the new count.
    const updates = await client.waitFor<EventData>('lead.updated', leadEvents + 1);
    expect(updates.at(-1)?.record).toMatchObject({
      id: lead.id,
      open_tasks: 1,
      next_task_due_at: task.due_at,
    });
    await send('PATCH', `/api/tasks/${task.id}`, { done: true });
    expect((await client.waitFor<EventData>('task.updated'))[0]?.record).toMatchObject({
      id: task.id,
      done: true,
    });
    await send('DELETE', `/api/tasks/${task.id}`);
    expect((await client.waitFor<EventData>('task.deleted'))[0]).toMatchObject({ id: task.id });
  });
});
