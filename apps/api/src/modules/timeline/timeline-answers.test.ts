import {
  type Lead,
  noteListResponseSchema,
  taskListResponseSchema,
  taskSchema,
  timelineResponseSchema,
} from '@funil/shared';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia } from '../../../test/lead-fixtures';
import { expectSchemaBytes } from '../../../test/schema-bytes';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';

// Notes, tasks and timelines are answered exactly as their schemas write them: awkward texts,
// absent and null fields, people deleted or not, timestamps to the millisecond.
describe('note, task and timeline answers', () => {
  let app: App;
  let seller: SignedIn;
  let lead: Lead;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { name: 'Zé "Aspas" \\ Ünïcode' });
    const refs = await createLeadReferences(app, seller.headers);
    lead = await createLeadVia(app, seller.headers, refs, { assessment: 'Linha\ncom <tag> & "aspas"' });
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: seller.headers, payload });
    await post(`/api/leads/${lead.id}/notes`, {
      body: '😀 <script>x</script>\n"\\"',
      mentions: [seller.user.id],
    });
    await post('/api/tasks', {
      title: 'Tarefa "um" \\ 😀',
      due_at: '2030-01-01T12:00:00.123-03:00',
      lead_id: lead.id,
    });
    await post('/api/tasks', {
      title: 'Sem registro',
      due_at: '2030-01-01T12:00:00Z',
      remind_at: null,
      done: true,
    });
    await app.inject({
      method: 'PATCH',
      url: `/api/leads/${lead.id}`,
      headers: seller.headers,
      payload: { contract_status: 'cancelado', reason: 'Sem "verba"' },
    });
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: seller.headers });

  it('writes each answer as its schema does', async () => {
    expectSchemaBytes(noteListResponseSchema, (await get(`/api/leads/${lead.id}/notes`)).body);
    const tasks = await get('/api/tasks?assignee=me');
    expectSchemaBytes(taskListResponseSchema, tasks.body);
    const [first] = JSON.parse(tasks.body).data as { id: string }[];
    expectSchemaBytes(taskSchema, (await get(`/api/tasks/${first?.id}`)).body);
    expectSchemaBytes(timelineResponseSchema, (await get(`/api/leads/${lead.id}/timeline`)).body);
    expectSchemaBytes(
      timelineResponseSchema,
      (await get(`/api/brands/${lead.brand_id.id}/timeline?limit=2`)).body,
    );
  });
});
