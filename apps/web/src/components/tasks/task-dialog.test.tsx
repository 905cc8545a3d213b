import { type Task, taskSchema } from '@funil/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUser, fixtureId } from '@/test/api-fixtures';
import { stubApi } from '@/test/api-stub';
import { renderWithProviders } from '@/test/render';
import { TaskDialog } from './task-dialog';

const ANA = apiUser();
const BIA = apiUser({ id: fixtureId(42), name: 'Bia Lima' });
const USERS = { body: { data: [ANA, BIA], total: 2, page: 1, limit: 2 } };
const LEAD_RECORD = { type: 'lead', id: fixtureId(7), name: 'Café Serra Azul' } as const;

function Opener({ task }: { task?: Task }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        abrir
      </button>
      {open && <TaskDialog open onOpenChange={setOpen} task={task ?? null} record={LEAD_RECORD} />}
    </>
  );
}

beforeEach(() => vi.stubEnv('TZ', 'America/Sao_Paulo'));
afterEach(() => vi.unstubAllEnvs());

async function openDialog(routes: Parameters<typeof stubApi>[0], task?: Task) {
  const user = userEvent.setup();
  const api = stubApi({ 'GET /api/users': USERS, ...routes });
  renderWithProviders(<Opener task={task} />);
  await user.click(screen.getByRole('button', { name: 'abrir' }));
  return { user, api, dialog: await screen.findByRole('dialog') };
}

describe('task dialog', () => {
  it("says what is missing in the shared schema's words, and sends nothing", async () => {
    const { user, api } = await openDialog({});
    expect(screen.getByText('Café Serra Azul')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Criar' }));

    expect(await screen.findByText('Título é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Prazo é obrigatório')).toBeInTheDocument();
    expect(screen.getByLabelText('Título')).toHaveAccessibleDescription('Título é obrigatório');

    await user.click(screen.getByRole('combobox', { name: 'Lembrete' }));
    await user.click(await screen.findByRole('option', { name: 'Personalizado' }));
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    expect(
      await screen.findByText('Lembrete inválido: informe data e hora ou deixe vazio'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/tasks')).toHaveLength(0);
  });

  it('creates the task on its record, the reminder worked out from its choice', async () => {
    const created = vi.fn();
    const { user, api } = await openDialog({
      'POST /api/tasks': ({ body }) => {
        created(body);
        return { status: 201, body: { ...(body as object) } };
      },
    });

    await user.type(screen.getByLabelText('Título'), '  Ligar para a agência ');
    await user.type(screen.getByLabelText('Prazo'), '2026-11-27T17:00');
    await user.click(screen.getByRole('combobox', { name: 'Lembrete' }));
    await user.click(await screen.findByRole('option', { name: '15 minutos antes' }));
    await user.click(screen.getByRole('combobox', { name: 'Responsável' }));
    await user.click(await screen.findByRole('option', { name: 'Bia Lima' }));
    await user.click(screen.getByRole('button', { name: 'Criar' }));

    await waitFor(() => expect(api.calls('POST /api/tasks')).toHaveLength(1));
    // 17:00 in São Paulo is 20:00 UTC; the reminder a quarter of an hour before.
    expect(created).toHaveBeenCalledWith({
      title: 'Ligar para a agência',
      due_at: '2026-11-27T20:00:00.000Z',
      remind_at: '2026-11-27T19:45:00.000Z',
      assignee: BIA.id,
      lead_id: LEAD_RECORD.id,
    });
    expect(await screen.findByText('Tarefa criada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens an edit with its values, "no reminder" included, and sends the changes', async () => {
    const task = taskSchema.parse({
      id: fixtureId(5),
      _id: fixtureId(5),
      title: 'Enviar proposta',
      due_at: '2026-11-27T20:00:00.000Z',
      remind_at: null,
      done: false,
      done_at: null,
      assignee: { id: ANA.id, _id: ANA.id, name: ANA.name, email: ANA.email },
      created_by: null,
      lead_id: LEAD_RECORD.id,
      brand_id: null,
      record: LEAD_RECORD,
      createdAt: '2026-11-20T12:00:00.000Z',
      updatedAt: '2026-11-20T12:00:00.000Z',
    });
    const { user, api } = await openDialog(
      { [`PATCH /api/tasks/${task.id}`]: ({ body }) => ({ body: { ...task, ...(body as object) } }) },
      task,
    );
    expect(screen.getByLabelText('Título')).toHaveValue('Enviar proposta');
    expect(screen.getByLabelText('Prazo')).toHaveValue('2026-11-27T17:00');
    expect(screen.getByRole('combobox', { name: 'Lembrete' })).toHaveTextContent('Sem lembrete');

    await user.clear(screen.getByLabelText('Título'));
    await user.type(screen.getByLabelText('Título'), 'Enviar proposta revisada');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(api.calls(`PATCH /api/tasks/${task.id}`)).toHaveLength(1));
    expect(api.calls(`PATCH /api/tasks/${task.id}`)[0]!.body).toEqual({
      title: 'Enviar proposta revisada',
      due_at: '2026-11-27T20:00:00.000Z',
      remind_at: null,
      assignee: ANA.id,
    });
  });
});
