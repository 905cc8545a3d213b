import type { Lead, Note, Task, TimelineEntry, TimelineResponse } from '@funil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia, type LeadReferences } from '../../../test/lead-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';

describe('timelines of a lead and of a brand', () => {
  let app: App;
  let seller: SignedIn;
  let refs: LeadReferences;
  let lead: Lead;
  let other: Lead;
  let note: Note;
  let task: Task;
  let brandNote: Note;

  const send = (method: string, url: string, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: seller.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const timeline = async (url: string) => {
    const response = await send('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TimelineResponse>();
  };
  const describeEntry = (entry: TimelineEntry) =>
    entry.kind === 'status'
      ? `status ${entry.from_status}→${entry.to_status}${entry.reason ? ` (${entry.reason})` : ''}`
      : entry.kind === 'note'
        ? `note ${entry.note?.body}`
        : entry.kind === 'task'
          ? `task ${entry.task_event} ${entry.task?.title}`
          : `created${entry.to_status ? ` ${entry.to_status}` : ''}`;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { name: 'Sara Vendas' });
    refs = await createLeadReferences(app, seller.headers);
    lead = await createLeadVia(app, seller.headers, refs, { assessment: 'Copa 2026' });
    other = await createLeadVia(app, seller.headers, refs, { assessment: 'Show de verão' });
    // In order, one after the other: each entry is later than the one before.
    await send('PATCH', `/api/leads/${lead.id}`, { contract_status: 'morno' });
    note = (
      await send('POST', `/api/leads/${lead.id}/notes`, { body: 'Cliente quer desconto' })
    ).json<Note>();
    task = (
      await send('POST', '/api/tasks', {
        title: 'Mandar proposta',
        due_at: '2030-01-01T12:00:00Z',
        lead_id: lead.id,
      })
    ).json<Task>();
    await send('PATCH', `/api/tasks/${task.id}`, { done: true });
    await send('PATCH', `/api/leads/${lead.id}`, { contract_status: 'declinado', reason: 'Sem verba' });
    brandNote = (
      await send('POST', `/api/brands/${refs.brandId}/notes`, { body: 'Marca trocou de diretor' })
    ).json<Note>();
  });
  afterAll(() => app.close());

  it("answers a lead's creation, status moves with their reason, notes and tasks, newest first", async () => {
    const page = await timeline(`/api/leads/${lead.id}/timeline`);
    expect(page.data.map(describeEntry)).toEqual([
      'status morno→declinado (Sem verba)',
      'task completed Mandar proposta',
      'task created Mandar proposta',
      'note Cliente quer desconto',
      'status frio→morno',
      'created frio',
    ]);
    expect(page).toMatchObject({ total: 6, page: 1, next_cursor: null });
    const [moved, completed, created, written] = page.data;
    expect(moved).toMatchObject({ by: { id: seller.user.id, _id: seller.user.id, name: 'Sara Vendas' } });
    expect(moved?.lead).toEqual({ id: lead.id, assessment: 'Copa 2026' });
    expect(completed?.task).toMatchObject({ id: task.id, done: true });
    expect(created?.task?.id).toBe(task.id);
    expect(written?.note).toEqual(note);
    const times = page.data.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("gathers a brand's own entries and its opportunities', each naming its opportunity", async () => {
    const page = await timeline(`/api/brands/${refs.brandId}/timeline?limit=100`);
    const described = page.data.map(
      (entry) => `${entry.lead?.assessment ?? 'marca'}: ${describeEntry(entry)}`,
    );
    expect(described[0]).toBe('marca: note Marca trocou de diretor');
    expect(described).toContain('Show de verão: created frio');
    expect(described).toContain('Copa 2026: note Cliente quer desconto');
    expect(described.at(-1)).toBe('marca: created');
    expect(page.total).toBe(6 + 1 + 2);
    expect(page.data.find((entry) => entry.kind === 'note' && entry.lead === null)?.note).toEqual(brandNote);
    expect(other.id).toBeTruthy();
  });

  it('pages by number and by cursor, the cursor continuing exactly where the page ended', async () => {
    const all = (await timeline(`/api/brands/${refs.brandId}/timeline?limit=100`)).data.map(
      (entry) => entry.id,
    );
    const walked: string[] = [];
    let url = `/api/brands/${refs.brandId}/timeline?limit=2`;
    for (;;) {
      const page = await timeline(url);
      walked.push(...page.data.map((entry) => entry.id));
      if (!page.next_cursor) break;
      url = `/api/brands/${refs.brandId}/timeline?limit=2&cursor=${page.next_cursor}`;
    }
    expect(walked).toEqual(all);
    const second = await timeline(`/api/brands/${refs.brandId}/timeline?limit=2&page=2`);
    expect(second.data.map((entry) => entry.id)).toEqual(all.slice(2, 4));
    expect(new Set(all).size).toBe(all.length);
  });

  it('refuses a bad cursor and answers 404 for a missing record', async () => {
    expect((await send('GET', `/api/leads/${lead.id}/timeline?cursor=abc`)).statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000000Z', "note:x' or 1=1"])).toString(
      'base64url',
    );
    expect((await send('GET', `/api/leads/${lead.id}/timeline?cursor=${forged}`)).statusCode).toBe(400);
    const missing = await send('GET', '/api/brands/00000000-0000-4000-8000-000000000000/timeline');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Marca não encontrada');
  });
});
