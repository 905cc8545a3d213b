import type {
  Brand,
  Lead,
  LeadListResponse,
  LeadSummary,
  Task,
  TaskCounts,
  TaskListResponse,
} from '@funil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia, type LeadReferences } from '../../../test/lead-fixtures';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('/api/tasks', () => {
  let app: App;
  let creator: SignedIn;
  let assignee: SignedIn;
  let outsider: SignedIn;
  let manager: SignedIn;
  let refs: LeadReferences;
  let lead: Lead;

  beforeAll(async () => {
    app = await buildTestApp();
    creator = await signIn(app, { name: 'Clara Criadora' });
    assignee = await signIn(app, { name: 'Rui Responsável' });
    outsider = await signIn(app, { name: 'Olga Outra' });
    manager = await signIn(app, { roles: ['manager'] });
    refs = await createLeadReferences(app, creator.headers);
    lead = await createLeadVia(app, creator.headers, refs);
  });
  afterAll(() => app.close());

  const send = (method: string, url: string, as: SignedIn, payload?: unknown, language?: string) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { ...as.headers, ...(language ? { 'accept-language': language } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = async (body: Record<string, unknown>, as: SignedIn = creator) => {
    const response = await send('POST', '/api/tasks', as, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Task>();
  };
  const getLead = async () => (await send('GET', `/api/leads/${lead.id}`, creator)).json<Lead>();

  it('creates a task: reminder at the due time and the creator as assignee unless told', async () => {
    const due = at(24 * HOUR);
    const task = await create({ title: '  Enviar proposta ', due_at: due, lead_id: lead.id });
    expect(task).toMatchObject({
      title: 'Enviar proposta',
      due_at: due,
      remind_at: due,
      done: false,
      done_at: null,
      assignee: {
        id: creator.user.id,
        _id: creator.user.id,
        name: 'Clara Criadora',
        email: creator.user.email,
      },
      created_by: { id: creator.user.id },
      lead_id: lead.id,
      brand_id: null,
      record: { type: 'lead', id: lead.id, name: `${lead.brand_id.name} — ${lead.assessment}` },
    });
    const without = await create({
      title: 'Sem lembrete',
      due_at: due,
      remind_at: null,
      assignee: assignee.user.id,
    });
    expect(without).toMatchObject({ remind_at: null, assignee: { id: assignee.user.id }, record: null });
    const offset = await create({ title: 'Fuso', due_at: '2030-01-02T10:00:00-03:00' });
    expect(offset.due_at).toBe('2030-01-02T13:00:00.000Z');
    expect((await send('GET', `/api/tasks/${task.id}`, outsider)).json<Task>()).toEqual(task);
  });

  it('refuses bad tasks with their messages', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ due_at: at(HOUR) }, 'Título é obrigatório'],
      [{ title: '  ', due_at: at(HOUR) }, 'Título é obrigatório'],
      [{ title: 'x'.repeat(201), due_at: at(HOUR) }, 'Título deve ter no máximo 200 caracteres'],
      [{ title: 'ok' }, 'Prazo é obrigatório'],
      [{ title: 'ok', due_at: 'amanhã' }, 'Prazo é obrigatório'],
      [
        { title: 'ok', due_at: at(HOUR), remind_at: 'logo' },
        'Lembrete inválido: informe data e hora ou deixe vazio',
      ],
      [
        { title: 'ok', due_at: at(HOUR), lead_id: lead.id, brand_id: refs.brandId },
        'Escolha uma oportunidade ou uma marca, não as duas',
      ],
      [
        { title: 'ok', due_at: at(HOUR), assignee: '00000000-0000-4000-8000-000000000000' },
        'Usuário não encontrado',
      ],
      [
        { title: 'ok', due_at: at(HOUR), lead_id: '00000000-0000-4000-8000-000000000000' },
        'Oportunidade não encontrada',
      ],
      [
        { title: 'ok', due_at: at(HOUR), brand_id: '00000000-0000-4000-8000-000000000000' },
        'Marca não encontrada',
      ],
      [{ title: 'ok', due_at: at(HOUR), priority: 'alta' }, 'Campo não permitido: priority'],
      [{ title: '', due_at: at(HOUR) }, 'Title is required', 'en'],
      [{ title: 'ok' }, 'La fecha límite es obligatoria', 'es'],
    ];
    for (const [payload, message, language] of cases) {
      const response = await send('POST', '/api/tasks', creator, payload, language);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const answer = response.json<{ message: string; issues?: { message: string }[] }>();
      expect(
        [answer.message, ...(answer.issues ?? []).map((issue) => issue.message)],
        JSON.stringify(payload),
      ).toContain(message);
    }
    const inactive = await signIn(app, { isActive: false });
    const refused = await send('POST', '/api/tasks', creator, {
      title: 'ok',
      due_at: at(HOUR),
      assignee: inactive.user.id,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('lets the creator, the assignee, an admin or a manager edit; the creator, an admin or a manager delete', async () => {
    const task = await create({ title: 'Ligar', due_at: at(HOUR), assignee: assignee.user.id });
    const denied = await send('PATCH', `/api/tasks/${task.id}`, outsider, { title: 'x' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json<{ message: string }>().message).toBe(
      'Somente quem criou a tarefa, o responsável, um administrador ou um gerente pode alterá-la',
    );
    for (const as of [creator, assignee, manager]) {
      expect(
        (await send('PATCH', `/api/tasks/${task.id}`, as, { title: `por ${as.user.name}` })).statusCode,
      ).toBe(200);
    }
    expect((await send('DELETE', `/api/tasks/${task.id}`, assignee)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/tasks/${task.id}`, outsider)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/tasks/${task.id}`, creator)).statusCode).toBe(204);
    expect((await send('GET', `/api/tasks/${task.id}`, creator)).statusCode).toBe(404);
    const other = await create({ title: 'Outra', due_at: at(HOUR) });
    expect((await send('DELETE', `/api/tasks/${other.id}`, manager)).statusCode).toBe(204);
  });

  it('completes and reopens a task, stamping when; a new due date moves the reminder by as much', async () => {
    const due = Date.now() + 2 * HOUR;
    const task = await create({
      title: 'Reunião',
      due_at: new Date(due).toISOString(),
      remind_at: new Date(due - HOUR).toISOString(),
    });
    const moved = (
      await send('PATCH', `/api/tasks/${task.id}`, creator, {
        due_at: new Date(due + 24 * HOUR).toISOString(),
      })
    ).json<Task>();
    expect(moved.remind_at).toBe(new Date(due + 23 * HOUR).toISOString());
    const done = (await send('PATCH', `/api/tasks/${task.id}`, creator, { done: true })).json<Task>();
    expect(done.done).toBe(true);
    expect(Date.parse(done.done_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const reopened = (await send('PATCH', `/api/tasks/${task.id}`, creator, { done: false })).json<Task>();
    expect(reopened).toMatchObject({ done: false, done_at: null });
  });

  it("keeps the lead's open_tasks and next_task_due_at with every write, and filters leads by them", async () => {
    const fresh = await createLeadVia(app, creator.headers, refs, { assessment: 'Sem tarefas' });
    expect(fresh).toMatchObject({ open_tasks: 0, next_task_due_at: null });
    const before = await getLead();
    const late = await create({ title: 'Atrasada', due_at: at(-HOUR), lead_id: lead.id });
    const soon = await create({ title: 'Logo', due_at: at(HOUR), lead_id: lead.id });
    expect(await getLead()).toMatchObject({
      open_tasks: before.open_tasks + 2,
      next_task_due_at: late.due_at,
    });

    const ids = async (query: string) =>
      (await send('GET', `/api/leads?brand_id=${refs.brandId}&${query}`, creator))
        .json<LeadListResponse>()
        .data.map((row) => row.id);
    expect(await ids('task=overdue')).toEqual([lead.id]);
    expect(await ids('task=open')).toEqual([lead.id]);
    expect(await ids('task=none')).toContain(fresh.id);
    expect(await ids('task=none')).not.toContain(lead.id);
    const summary = (
      await send('GET', `/api/leads/summary?brand_id=${refs.brandId}&task=overdue`, creator)
    ).json<LeadSummary>();
    expect(summary.columns.find((column) => column.contract_status === 'frio')?.count).toBe(1);
    const board = await send('GET', `/api/leads/board?brand_id=${refs.brandId}&task=none`, creator);
    expect(board.statusCode).toBe(200);
    const bad = await send('GET', '/api/leads?task=late', creator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Filtro de tarefas deve ser overdue, open ou none');

    await send('PATCH', `/api/tasks/${late.id}`, creator, { done: true });
    expect(await getLead()).toMatchObject({
      open_tasks: before.open_tasks + 1,
      next_task_due_at: soon.due_at,
    });
    await send('PATCH', `/api/tasks/${soon.id}`, creator, { lead_id: null, brand_id: refs.brandId });
    expect(await getLead()).toMatchObject({
      open_tasks: before.open_tasks,
      next_task_due_at: before.next_task_due_at,
    });
    const brand = (await send('GET', `/api/brands/${refs.brandId}`, creator)).json<Brand>();
    expect(brand).toMatchObject({ open_tasks: 1, next_task_due_at: soon.due_at });
    await send('DELETE', `/api/tasks/${soon.id}`, creator);
    expect((await send('GET', `/api/brands/${refs.brandId}`, creator)).json<Brand>()).toMatchObject({
      open_tasks: 0,
      next_task_due_at: null,
    });
  });

  it('keeps the counts exact when two tasks are added to one lead at once', async () => {
    const target = await createLeadVia(app, creator.headers, refs, { assessment: 'Concorrida' });
    await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        create({ title: `Paralela ${n}`, due_at: at((n + 1) * HOUR), lead_id: target.id }),
      ),
    );
    const read = (await send('GET', `/api/leads/${target.id}`, creator)).json<Lead>();
    expect(read.open_tasks).toBe(6);
    expect(read.next_task_due_at).not.toBeNull();
  });

  it('lists by assignee, state and due range, soonest first, and counts my overdue tasks', async () => {
    const mine = await signIn(app, { name: 'Mia Minha' });
    const base = Date.now();
    const titles = ['ontem', 'hoje cedo', 'amanhã', 'semana que vem'];
    const offsets = [-24 * HOUR, -HOUR, 24 * HOUR, 7 * 24 * HOUR];
    for (const [n, title] of titles.entries()) {
      await create({
        title,
        due_at: new Date(base + (offsets[n] ?? 0)).toISOString(),
        assignee: mine.user.id,
      });
    }
    const done = await create({
      title: 'feita',
      due_at: new Date(base - 2 * HOUR).toISOString(),
      assignee: mine.user.id,
      done: true,
    });
    expect(done.done).toBe(true);
    const list = async (query: string) => {
      const response = await send('GET', `/api/tasks?${query}`, mine);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TaskListResponse>();
    };
    expect((await list('assignee=me&done=false')).data.map((task) => task.title)).toEqual(titles);
    expect((await list('assignee=me&overdue=true')).data.map((task) => task.title)).toEqual([
      'ontem',
      'hoje cedo',
    ]);
    expect((await list('assignee=me&done=true')).data.map((task) => task.title)).toEqual(['feita']);
    const range = await list(
      `assignee=${mine.user.id}&done=false&due_after=${encodeURIComponent(new Date(base - 2 * HOUR).toISOString())}&due_before=${encodeURIComponent(new Date(base + 2 * 24 * HOUR).toISOString())}`,
    );
    expect(range.data.map((task) => task.title)).toEqual(['hoje cedo', 'amanhã']);
    const newest = await list('assignee=me&sort=createdAt&limit=2');
    expect(newest).toMatchObject({ total: 5, limit: 2 });
    expect(newest.data.map((task) => task.title)).toEqual(['feita', 'semana que vem']);
    expect((await send('GET', '/api/tasks/counts', mine)).json<TaskCounts>()).toEqual({
      overdue: 2,
      open: 4,
    });
    expect((await send('GET', '/api/tasks?due_before=ontem', mine)).statusCode).toBe(400);
    expect((await send('GET', '/api/tasks?assignee=nobody', mine)).statusCode).toBe(400);
  });
});
