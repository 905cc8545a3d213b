import { type Lead, leadSchema, type Role } from '@funil/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiList } from '@/test/api-fixtures';
import type { StubReply, StubRequest, StubRoute } from '@/test/api-stub';
import { renderRoute } from '@/test/render';
import { board, signedIn, sizeBoardColumns } from '../test-board';
import { boardLead } from '../test-leads';

// Frio shows Marca 3, 2, 1 (newest first); Morno shows Marca 4.
const FRIO = [boardLead(3), boardLead(2), boardLead(1)];
const MORNO = [boardLead(4, { contract_status: 'morno' })];
const [M3, M2, M1] = FRIO as [Lead, Lead, Lead];
const M4 = MORNO[0]!;
const BULK = 'POST /api/leads/bulk';

/** A column's cards as the server lists them (`?contract_status=…`). */
const columnOf = (url: string) => {
  const status = new URL(url, 'http://localhost').searchParams.get('contract_status');
  return [...FRIO, ...MORNO].filter((lead) => lead.contract_status === status);
};

/** The bulk endpoint as the server answers it: how many leads it moved or deleted. */
function bulkAnswer({ body }: StubRequest): StubReply {
  const { ids, delete: remove } = body as { ids: string[]; delete?: true };
  return { body: remove ? { deleted: ids.length } : { updated: ids.length } };
}

async function openBoard(roles: Role[] = ['comercial'], bulk: StubRoute = bulkAnswer) {
  const user = userEvent.setup();
  const api = signedIn(
    {
      'GET /api/leads/board': { body: board({ frio: FRIO, morno: MORNO }) },
      // The board reloads after an action: it finds the columns as they were.
      'GET /api/leads': ({ url }) => ({ body: { data: columnOf(url), next_cursor: null } }),
      [BULK]: bulk,
    },
    roles,
  );
  renderRoute('/dashboard');
  await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });
  return { user, api };
}

const checkbox = (brand: string) => screen.getByRole('checkbox', { name: `Selecionar ${brand}` });
const card = (brand: string) => screen.getByRole('group', { name: brand });
const bar = () => screen.queryByRole('region', { name: 'Ações em massa' });

async function moveSelectedTo(user: ReturnType<typeof userEvent.setup>, status: string) {
  await user.click(within(bar()!).getByRole('button', { name: 'Mover para…' }));
  await user.click(await screen.findByRole('menuitem', { name: status }));
}

beforeEach(sizeBoardColumns);

describe('selecting cards on the board', () => {
  it('checks cards one by one, rings them, and counts them in the bulk bar', async () => {
    const { user } = await openBoard();
    expect(bar()).not.toBeInTheDocument();

    await user.click(checkbox('Marca 3'));
    await user.click(checkbox('Marca 4'));

    expect(checkbox('Marca 3')).toBeChecked();
    expect(checkbox('Marca 4')).toBeChecked();
    expect(checkbox('Marca 2')).not.toBeChecked();
    expect(card('Marca 3')).toHaveAttribute('data-selected', 'true');
    expect(card('Marca 3')).toHaveClass('ring-2');
    expect(card('Marca 2')).not.toHaveAttribute('data-selected');
    expect(within(bar()!).getByText('2 selecionadas')).toBeInTheDocument();
    // A checkbox press opens no details and starts no drag.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(checkbox('Marca 3'));
    expect(within(bar()!).getByText('1 selecionada')).toBeInTheDocument();
  });

  it('takes the range from the card toggled last with Shift, by click and by Space', async () => {
    const { user } = await openBoard();

    await user.click(checkbox('Marca 3'));
    await user.keyboard('{Shift>}');
    await user.click(checkbox('Marca 1'));
    await user.keyboard('{/Shift}');
    for (const brand of ['Marca 3', 'Marca 2', 'Marca 1']) expect(checkbox(brand)).toBeChecked();
    expect(checkbox('Marca 4')).not.toBeChecked();

    // Unchecking with Shift unchecks the range; from the keyboard, Space toggles a focused checkbox.
    checkbox('Marca 2').focus();
    await user.keyboard(' ');
    expect(checkbox('Marca 2')).not.toBeChecked();
    checkbox('Marca 3').focus();
    await user.keyboard('{Shift>} {/Shift}');
    expect(checkbox('Marca 3')).not.toBeChecked();
    expect(checkbox('Marca 1')).toBeChecked();
    expect(within(bar()!).getByText('1 selecionada')).toBeInTheDocument();
  });

  it('clears the selection with "Limpar seleção" and with Esc', async () => {
    const { user } = await openBoard();
    await user.click(checkbox('Marca 3'));
    await user.click(within(bar()!).getByRole('button', { name: 'Limpar seleção' }));
    expect(bar()).not.toBeInTheDocument();
    expect(checkbox('Marca 3')).not.toBeChecked();

    await user.click(checkbox('Marca 2'));
    await user.keyboard('{Escape}');
    expect(bar()).not.toBeInTheDocument();
  });
});

describe('the bulk bar', () => {
  it('moves the selection with one request, and "Desfazer" sends each lead back to the status it had', async () => {
    const { user, api } = await openBoard();
    await user.click(checkbox('Marca 3'));
    await user.click(checkbox('Marca 1'));
    await user.click(checkbox('Marca 4'));

    await moveSelectedTo(user, 'Quente');

    await waitFor(() => expect(api.calls(BULK)).toHaveLength(1));
    expect(api.calls(BULK)[0]!.body).toEqual({ ids: [M3.id, M1.id, M4.id], contract_status: 'quente' });
    const toast = (await screen.findByText('3 oportunidades movidas para Quente')).closest('li')!;
    expect(bar()).not.toBeInTheDocument();

    await user.click(within(toast).getByRole('button', { name: 'Desfazer' }));

    await waitFor(() => expect(api.calls(BULK)).toHaveLength(3));
    expect(
      api
        .calls(BULK)
        .slice(1)
        .map((call) => call.body),
    ).toEqual([
      { ids: [M3.id, M1.id], contract_status: 'frio' },
      { ids: [M4.id], contract_status: 'morno' },
    ]);
    expect(await screen.findByText('Movimentação desfeita')).toBeInTheDocument();
  });

  it('asks once why the deals were lost on a move to Declinado, and sends the reason', async () => {
    const { user, api } = await openBoard();
    await user.click(checkbox('Marca 3'));
    await user.click(checkbox('Marca 2'));

    await moveSelectedTo(user, 'Declinado');
    const dialog = await screen.findByRole('dialog', { name: 'Por que a oportunidade foi perdida?' });
    expect(dialog).toHaveAccessibleDescription(/A seleção \(2 oportunidades\) foi para Declinado/);
    expect(api.calls(BULK)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Verba cortada');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar motivo' }));

    await waitFor(() => expect(api.calls(BULK)).toHaveLength(1));
    expect(api.calls(BULK)[0]!.body).toEqual({
      ids: [M3.id, M2.id],
      contract_status: 'declinado',
      reason: 'Verba cortada',
    });
    expect(await screen.findByText('2 oportunidades movidas para Declinado')).toBeInTheDocument();
  });

  it('says what the server said when the move fails, and keeps the selection', async () => {
    const { user, api } = await openBoard(['comercial'], () => ({
      status: 404,
      body: { message: 'Oportunidade não encontrada' },
    }));
    await user.click(checkbox('Marca 3'));

    await moveSelectedTo(user, 'Quente');

    expect(await screen.findByText('Oportunidade não encontrada')).toBeInTheDocument();
    expect(screen.getByText('Erro na ação em massa')).toBeInTheDocument();
    expect(api.calls(BULK)).toHaveLength(1);
    expect(checkbox('Marca 3')).toBeChecked();
    expect(within(bar()!).getByText('1 selecionada')).toBeInTheDocument();
  });

  it('moves none of the selection when the server refuses to oversell a quota, and says why', async () => {
    const message = 'Cota esgotada: Master · TV aberta · Esporte · 2027';
    const { user, api } = await openBoard(['comercial'], () => ({ status: 409, body: { message } }));
    await user.click(checkbox('Marca 3'));
    await user.click(checkbox('Marca 2'));

    await moveSelectedTo(user, 'Fechado');

    const toast = (await screen.findByText(message)).closest('li')!;
    expect(within(toast).getByText('Erro na ação em massa')).toBeInTheDocument();
    expect(api.calls(BULK)[0]!.body).toEqual({ ids: [M3.id, M2.id], contract_status: 'fechado' });
    const frio = screen.getByRole('region', { name: 'Frio' });
    for (const brand of ['Marca 3', 'Marca 2', 'Marca 1']) {
      expect(within(frio).getByRole('group', { name: brand })).toBeInTheDocument();
    }
    expect(
      within(screen.getByRole('region', { name: 'Fechado' })).queryByRole('group'),
    ).not.toBeInTheDocument();
    expect(within(bar()!).getByText('2 selecionadas')).toBeInTheDocument();
  });

  it('offers no "Excluir" to a comercial', async () => {
    const { user } = await openBoard(['comercial']);
    await user.click(checkbox('Marca 3'));
    expect(within(bar()!).queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
  });

  it('deletes the selection for a manager after a confirmation that says how many and that it is final', async () => {
    const { user, api } = await openBoard(['manager']);
    await user.click(checkbox('Marca 3'));
    await user.click(checkbox('Marca 4'));

    await user.click(within(bar()!).getByRole('button', { name: 'Excluir' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir 2 oportunidades?' });
    expect(confirm).toHaveAccessibleDescription(
      /As 2 oportunidades selecionadas serão excluídas\. Esta ação não pode ser desfeita\./,
    );
    expect(api.calls(BULK)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));

    await waitFor(() => expect(api.calls(BULK)).toHaveLength(1));
    expect(api.calls(BULK)[0]!.body).toEqual({ ids: [M3.id, M4.id], delete: true });
    const toast = (await screen.findByText('2 oportunidades excluídas')).closest('li')!;
    expect(within(toast).queryByRole('button', { name: 'Desfazer' })).not.toBeInTheDocument();
    expect(bar()).not.toBeInTheDocument();
  });
});

describe('selecting rows in the list view', () => {
  it("checks the whole page from the header, mixed while only some rows are, and a row's range with Shift", async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.leadViewMode, 'list');
    const rows = [...FRIO, ...MORNO];
    signedIn({
      'GET /api/leads': {
        body: { ...apiList(leadSchema, rows, { total: rows.length, limit: 20 }), next_cursor: null },
      },
    });
    renderRoute('/dashboard');
    const table = await screen.findByRole('table', { name: 'Oportunidades' }, { timeout: 5000 });
    const all = await within(table).findByRole('checkbox', {
      name: 'Selecionar todas as oportunidades da página',
    });

    await user.click(all);
    for (const lead of rows) {
      expect(within(table).getByRole('checkbox', { name: `Selecionar ${lead.brand_id.name}` })).toBeChecked();
    }
    expect(all).toBeChecked();
    expect(within(bar()!).getByText('4 selecionadas')).toBeInTheDocument();

    await user.click(within(table).getByRole('checkbox', { name: 'Selecionar Marca 2' }));
    expect(all).toHaveAttribute('aria-checked', 'mixed');
    expect(within(bar()!).getByText('3 selecionadas')).toBeInTheDocument();

    await user.click(all);
    expect(all).toBeChecked();
    await user.click(all);
    expect(all).not.toBeChecked();
    expect(bar()).not.toBeInTheDocument();

    await user.click(within(table).getByRole('checkbox', { name: 'Selecionar Marca 2' }));
    await user.keyboard('{Shift>}');
    await user.click(within(table).getByRole('checkbox', { name: 'Selecionar Marca 4' }));
    await user.keyboard('{/Shift}');
    expect(within(bar()!).getByText('3 selecionadas')).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'Selecionar Marca 3' })).not.toBeChecked();
  });
});
