import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RecordTasks } from './record-tasks';
import { apiTask, atFixedSaoPauloTime, ME, paramsOf, signedInForTasks, taskList } from './tasks.test-helpers';

atFixedSaoPauloTime();

const LEAD = { type: 'lead', id: 'lead-1', name: 'Café Serra Azul' } as const;
const BRAND = { type: 'brand', id: 'brand-1', name: 'Café Serra Azul' } as const;

const OVERDUE = apiTask(1, {
  title: 'Ligar para a agência',
  due_at: '2026-11-26T13:00:00.000Z',
  record: LEAD,
  lead_id: LEAD.id,
});
const LATER = apiTask(2, {
  title: 'Enviar proposta',
  due_at: '2026-11-27T20:00:00.000Z',
  record: LEAD,
  lead_id: LEAD.id,
});

function renderSection(record: typeof LEAD | typeof BRAND = LEAD) {
  return renderWithProviders(<RecordTasks record={record} currentUserId={ME.id} canManageOthers={false} />);
}

describe("a record's open tasks", () => {
  it("lists the lead's open tasks, due date with the overdue mark and assignee", async () => {
    const api = signedInForTasks({ 'GET /api/tasks': { body: taskList([OVERDUE, LATER]) } });
    renderSection();

    const list = await screen.findByRole('list', { name: /Tarefas em aberto/ });
    expect(paramsOf(api.calls('GET /api/tasks')[0]!.url)).toEqual({
      lead_id: LEAD.id,
      done: 'false',
      limit: '10',
    });
    expect(screen.getByRole('heading', { level: 2, name: /^Tarefas em aberto/ })).toHaveTextContent(
      'Tarefas em aberto: 2',
    );
    const overdue = within(list).getByRole('group', { name: 'Ligar para a agência' });
    expect(overdue).toHaveTextContent('Prazo: Atrasada · há 4 horas · 26/11/2026 10:00');
    expect(overdue).toHaveTextContent(`Responsável: ${ME.name}`);
    // The record is this one: no link back to it on each row.
    expect(within(overdue).queryByRole('link')).not.toBeInTheDocument();
    const later = within(list).getByRole('group', { name: 'Enviar proposta' });
    expect(within(later).queryByText(/Atrasada/)).not.toBeInTheDocument();
  });

  it("asks for a brand's tasks by brand_id", async () => {
    const api = signedInForTasks({ 'GET /api/tasks': { body: taskList([]) } });
    renderSection(BRAND);

    expect(await screen.findByText('Nenhuma tarefa em aberto')).toBeInTheDocument();
    expect(paramsOf(api.calls('GET /api/tasks')[0]!.url)).toEqual({
      brand_id: BRAND.id,
      done: 'false',
      limit: '10',
    });
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('completes a task in one click, and with Space on the focused row', async () => {
    const user = userEvent.setup();
    const api = signedInForTasks({
      'GET /api/tasks': { body: taskList([OVERDUE, LATER]) },
      [`PATCH /api/tasks/${OVERDUE.id}`]: { body: { ...OVERDUE, done: true } },
      [`PATCH /api/tasks/${LATER.id}`]: { body: { ...LATER, done: true } },
    });
    renderSection();

    await user.click(await screen.findByRole('checkbox', { name: 'Concluir “Ligar para a agência”' }));
    await waitFor(() => expect(api.calls(`PATCH /api/tasks/${OVERDUE.id}`)).toHaveLength(1));
    expect(api.calls(`PATCH /api/tasks/${OVERDUE.id}`)[0]!.body).toEqual({ done: true });
    expect(await screen.findByText('Tarefa concluída')).toBeInTheDocument();

    screen.getByRole('group', { name: 'Enviar proposta' }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(api.calls(`PATCH /api/tasks/${LATER.id}`)).toHaveLength(1));
    expect(api.calls(`PATCH /api/tasks/${LATER.id}`)[0]!.body).toEqual({ done: true });
  });

  it('offers more when the record has more than ten open tasks', async () => {
    const user = userEvent.setup();
    const tasks = Array.from({ length: 12 }, (_, index) =>
      apiTask(index + 1, { record: LEAD, lead_id: LEAD.id }),
    );
    const api = signedInForTasks({
      'GET /api/tasks': ({ url }) => {
        const limit = Number(paramsOf(url).limit);
        return { body: { data: tasks.slice(0, limit), total: tasks.length, page: 1, limit } };
      },
    });
    renderSection();

    await user.click(await screen.findByRole('button', { name: 'Carregar mais (2)' }));
    expect(await screen.findByRole('group', { name: 'Tarefa 12' })).toBeInTheDocument();
    expect(paramsOf(api.calls('GET /api/tasks').at(-1)!.url)).toMatchObject({ limit: '20' });
    expect(screen.queryByRole('button', { name: /Carregar mais/ })).not.toBeInTheDocument();
  });

  it('opens "Nova tarefa" with the record fixed', async () => {
    const user = userEvent.setup();
    signedInForTasks({ 'GET /api/tasks': { body: taskList([]) } });
    renderSection();

    await screen.findByText('Nenhuma tarefa em aberto');
    await user.click(screen.getByRole('button', { name: 'Nova tarefa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova tarefa' });
    expect(within(dialog).getByText('Oportunidade:')).toBeInTheDocument();
    expect(within(dialog).getByText('Café Serra Azul')).toBeInTheDocument();
    // Fixed: the dialog offers no field to choose another record.
    expect(within(dialog).queryByLabelText('Vinculada a')).not.toBeInTheDocument();
  });
});
