import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { board, signedIn, sizeBoardColumns } from '../test-board';
import { boardLead as apiLead } from '../test-leads';

beforeEach(sizeBoardColumns);

const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString();

describe('a task written from the board', () => {
  it("puts the lead's open tasks on its card without reading the board or any column again", async () => {
    const user = userEvent.setup();
    const lead = apiLead(1);
    const other = apiLead(2);
    const due = inTwoDays();
    const api = signedIn({
      'GET /api/leads/board': { body: board({ frio: [other, lead], morno: [apiLead(3)] }) },
      'GET /api/users': { body: { data: [], total: 0, page: 1, limit: 0 } },
      'POST /api/tasks': ({ body }) => ({ status: 201, body: { ...(body as object), id: 'task-1' } }),
      [`GET /api/leads/${lead.id}`]: {
        body: { ...lead, open_tasks: 1, next_task_due_at: due },
        headers: { ETag: '"7"' },
      },
    });
    renderRoute('/dashboard');
    const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 15_000 });
    const card = within(frio).getByRole('group', { name: 'Marca 1' });
    expect(within(card).queryByText(/tarefa/i)).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Mover Marca 1 para outra coluna' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Nova tarefa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova tarefa' });
    await user.type(within(dialog).getByLabelText('Título'), 'Ligar');
    await user.type(within(dialog).getByLabelText('Prazo'), '2026-11-27T17:00');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));

    await waitFor(() => expect(api.calls('POST /api/tasks')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const cardOf = (name: string) =>
      within(screen.getByRole('region', { name: 'Frio' })).getByRole('group', { name });
    await waitFor(() =>
      expect(within(cardOf('Marca 1')).getByText('1 tarefa em aberto')).toBeInTheDocument(),
    );
    expect(api.calls('POST /api/tasks')).toHaveLength(1);
    expect(api.calls(`GET /api/leads/${lead.id}`)).toHaveLength(1);
    // The board was read once, when the page opened; no column's page was read after it.
    expect(api.calls('GET /api/leads/board')).toHaveLength(1);
    expect(api.calls('GET /api/leads')).toHaveLength(0);
    expect(api.calls('GET /api/leads/summary')).toHaveLength(0);
    expect(within(cardOf('Marca 2')).queryByText(/tarefa/i)).toBeNull();
  }, 30_000);
});
