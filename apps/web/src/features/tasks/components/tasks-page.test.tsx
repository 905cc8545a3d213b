import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import {
  apiTask,
  atFixedSaoPauloTime,
  NOW,
  paramsOf,
  signedInForTasks,
  taskList,
} from './tasks.test-helpers';

atFixedSaoPauloTime();

const OVERDUE = apiTask(1, {
  title: 'Ligar para a agência',
  due_at: '2026-11-26T13:00:00.000Z',
  record: { type: 'lead', id: 'lead-1', name: 'Café Serra Azul — Q1' },
  lead_id: 'lead-1',
});
const LATER = apiTask(2, {
  title: 'Enviar proposta',
  due_at: '2026-11-26T20:00:00.000Z',
  record: { type: 'brand', id: 'brand-1', name: 'Café Serra Azul' },
  brand_id: 'brand-1',
});

describe('Tarefas page', () => {
  it('asks for each tab with boundaries in the browser time zone and keeps the tab in the URL', async () => {
    const user = userEvent.setup();
    const api = signedInForTasks({ 'GET /api/tasks': { body: taskList([OVERDUE, LATER]) } });
    const { router } = renderRoute('/tarefas');

    const list = await screen.findByRole('list', { name: 'Tarefas: Hoje' });
    expect(paramsOf(api.calls('GET /api/tasks')[0]!.url)).toEqual({
      done: 'false',
      due_after: '2026-11-26T00:00:00-03:00',
      due_before: '2026-11-27T00:00:00-03:00',
      assignee: 'me',
      page: '1',
      limit: '20',
    });

    // Overdue in words and with an icon, not in colour alone; the record is a link to it.
    const overdue = within(list).getByRole('group', { name: 'Ligar para a agência' });
    expect(overdue).toHaveTextContent('Prazo: Atrasada · há 4 horas · 26/11/2026 10:00');
    expect(within(overdue).getByRole('link', { name: 'Café Serra Azul — Q1' })).toHaveAttribute(
      'href',
      '/leads/editar/lead-1',
    );
    const later = within(list).getByRole('group', { name: 'Enviar proposta' });
    expect(within(later).queryByText(/Atrasada/)).not.toBeInTheDocument();
    expect(later).toHaveTextContent('Prazo: em 3 horas · 26/11/2026 17:00');
    expect(within(later).getByRole('link', { name: 'Café Serra Azul' })).toHaveAttribute(
      'href',
      '/marcas/editar/brand-1',
    );

    await user.click(screen.getByRole('tab', { name: 'Esta semana' }));
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/tasks').at(-1)!.url)).toMatchObject({
        done: 'false',
        due_after: '2026-11-23T00:00:00-03:00',
        due_before: '2026-11-30T00:00:00-03:00',
      }),
    );
    expect(router.state.location.search).toBe('?aba=week');

    await user.click(screen.getByRole('tab', { name: 'Atrasadas' }));
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/tasks').at(-1)!.url)).toMatchObject({ overdue: 'true' }),
    );
    expect(paramsOf(api.calls('GET /api/tasks').at(-1)!.url)).not.toHaveProperty('due_after');

    await user.click(screen.getByRole('tab', { name: 'Concluídas' }));
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/tasks').at(-1)!.url)).toMatchObject({
        done: 'true',
        sort: 'due_at',
        order: 'desc',
      }),
    );
  });

  it('completes a task with one click, at once, and "Desfazer" opens it again', async () => {
    const user = userEvent.setup();
    let answerFirstSave = () => {};
    const firstSave = new Promise<void>((resolve) => (answerFirstSave = resolve));
    const api = signedInForTasks({
      'GET /api/tasks': { body: taskList([OVERDUE, LATER]) },
      [`PATCH /api/tasks/${OVERDUE.id}`]: async ({ body }) => {
        await firstSave;
        return { body: { ...OVERDUE, ...(body as object), done_at: NOW.toISOString() } };
      },
    });
    renderRoute('/tarefas');

    const checkbox = await screen.findByRole('checkbox', { name: 'Concluir “Ligar para a agência”' });
    await user.click(checkbox);

    // Checked and struck through while the server has not answered yet.
    await waitFor(() => expect(checkbox).toBeChecked());
    expect(screen.getByText('Ligar para a agência')).toHaveClass('line-through');
    await waitFor(() => expect(api.calls(`PATCH /api/tasks/${OVERDUE.id}`)).toHaveLength(1));
    answerFirstSave();
    expect(api.calls(`PATCH /api/tasks/${OVERDUE.id}`)[0]!.body).toEqual({ done: true });

    const toast = (await screen.findByText('Tarefa concluída')).closest('li')!;
    await user.click(within(toast).getByRole('button', { name: 'Desfazer' }));
    await waitFor(() => expect(api.calls(`PATCH /api/tasks/${OVERDUE.id}`)).toHaveLength(2));
    expect(api.calls(`PATCH /api/tasks/${OVERDUE.id}`)[1]!.body).toEqual({ done: false });
  });

  it('completes the focused row with Space or Enter', async () => {
    const user = userEvent.setup();
    const api = signedInForTasks({
      'GET /api/tasks': { body: taskList([OVERDUE, LATER]) },
      [`PATCH /api/tasks/${OVERDUE.id}`]: { body: { ...OVERDUE, done: true } },
      [`PATCH /api/tasks/${LATER.id}`]: { body: { ...LATER, done: true } },
    });
    renderRoute('/tarefas');

    const first = await screen.findByRole('group', { name: 'Ligar para a agência' });
    expect(first).toHaveAccessibleDescription('Espaço ou Enter conclui a tarefa em foco');
    first.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(api.calls(`PATCH /api/tasks/${OVERDUE.id}`)).toHaveLength(1));
    expect(api.calls(`PATCH /api/tasks/${OVERDUE.id}`)[0]!.body).toEqual({ done: true });

    screen.getByRole('group', { name: 'Enviar proposta' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.calls(`PATCH /api/tasks/${LATER.id}`)).toHaveLength(1));
    expect(api.calls(`PATCH /api/tasks/${LATER.id}`)[0]!.body).toEqual({ done: true });
  });

  it('puts the row back and says so when the save fails', async () => {
    const user = userEvent.setup();
    signedInForTasks({
      'GET /api/tasks': { body: taskList([OVERDUE]) },
      [`PATCH /api/tasks/${OVERDUE.id}`]: { status: 403, body: { message: 'Sem permissão' } },
    });
    renderRoute('/tarefas');

    const checkbox = await screen.findByRole('checkbox', { name: 'Concluir “Ligar para a agência”' });
    await user.click(checkbox);
    expect(await screen.findByText('Não foi possível concluir a tarefa')).toBeInTheDocument();
    await waitFor(() => expect(checkbox).not.toBeChecked());
  });

  it('offers the assignee filter to managers only, kept in the URL', async () => {
    const user = userEvent.setup();
    const api = signedInForTasks({ 'GET /api/tasks': { body: taskList([]) } }, ['manager']);
    const { router } = renderRoute('/tarefas');
    expect(await screen.findByText('Nenhuma tarefa para hoje.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Responsável' }));
    await user.click(await screen.findByRole('option', { name: 'Todos' }));
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/tasks').at(-1)!.url)).not.toHaveProperty('assignee'),
    );
    expect(router.state.location.search).toBe('?responsavel=all');
  });

  it('has no assignee filter for a comercial', async () => {
    signedInForTasks({ 'GET /api/tasks': { body: taskList([]) } });
    renderRoute('/tarefas');
    expect(await screen.findByText('Nenhuma tarefa para hoje.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Responsável' })).not.toBeInTheDocument();
  });
});
