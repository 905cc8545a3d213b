import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { board, boardDragReady, placeColumnsSideBySide, signedIn, sizeBoardColumns } from '../test-board';
import { boardLead } from '../test-leads';

const LEAD = boardLead(1);
const PATCH = `PATCH /api/leads/${LEAD.id}`;

/** The board with LEAD in Frio, the lead moved to `status` (its label `label`) from its card's menu. */
async function moveWithMenu(status: string, label: string) {
  const user = userEvent.setup();
  const api = signedIn({
    'GET /api/leads/board': { body: board({ frio: [LEAD] }) },
    [PATCH]: { body: { ...LEAD, contract_status: status } },
  });
  renderRoute('/dashboard');
  const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });
  await user.click(within(frio).getByRole('button', { name: 'Mover Marca 1 para outra coluna' }));
  await user.click(await screen.findByRole('menuitem', { name: label }));
  return { user, api, frio };
}

async function moveToDeclinado() {
  const moved = await moveWithMenu('declinado', 'Declinado');
  const dialog = await screen.findByRole('dialog', { name: 'Por que a oportunidade foi perdida?' });
  return { ...moved, dialog };
}

beforeEach(sizeBoardColumns);
afterEach(() => vi.restoreAllMocks());

describe('a move to a lost status on the board', () => {
  it('moves the card at once, asks why, and sends the reason with the move', async () => {
    const { user, api, frio, dialog } = await moveToDeclinado();

    // The card is already in Declinado (under the modal dialog); the request waits for the answer.
    const declinado = screen.getByRole('region', { name: 'Declinado', hidden: true });
    expect(within(declinado).getByRole('group', { name: 'Marca 1', hidden: true })).toBeInTheDocument();
    expect(within(frio).queryByRole('group', { name: 'Marca 1', hidden: true })).not.toBeInTheDocument();
    expect(api.calls(PATCH)).toHaveLength(0);

    expect(dialog).toHaveAccessibleDescription(/Marca 1 foi para Declinado/);
    const reason = within(dialog).getByRole('textbox', { name: 'Motivo' });
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription('0/500 caracteres');
    expect(reason).toHaveAttribute('maxlength', '500');
    await user.type(reason, '  Verba cortada  ');
    expect(reason).toHaveAccessibleDescription('17/500 caracteres');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar motivo' }));

    await waitFor(() => expect(api.calls(PATCH)).toHaveLength(1));
    expect(api.calls(PATCH)[0]!.body).toEqual({ contract_status: 'declinado', reason: 'Verba cortada' });
    expect(await screen.findByText('Status atualizado')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends the move without a reason when skipped, and the card stays in Declinado', async () => {
    const { user, api, dialog } = await moveToDeclinado();

    await user.click(within(dialog).getByRole('button', { name: 'Pular' }));

    await waitFor(() => expect(api.calls(PATCH)).toHaveLength(1));
    expect(api.calls(PATCH)[0]!.body).toEqual({ contract_status: 'declinado' });
    expect(await screen.findByText('Status atualizado')).toBeInTheDocument();
    const declinado = screen.getByRole('region', { name: 'Declinado' });
    expect(within(declinado).getByRole('group', { name: 'Marca 1' })).toBeInTheDocument();
  });

  it('takes Esc as a skip, and a reason of blanks as none', async () => {
    const { user, api, dialog } = await moveToDeclinado();

    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), '   ');
    await user.keyboard('{Escape}');

    await waitFor(() => expect(api.calls(PATCH)).toHaveLength(1));
    expect(api.calls(PATCH)[0]!.body).toEqual({ contract_status: 'declinado' });
  });

  it('asks after a keyboard drop too, with the card already in Declinado', async () => {
    placeColumnsSideBySide();
    const user = userEvent.setup();
    const api = signedIn({
      'GET /api/leads/board': { body: board({ frio: [LEAD] }) },
      [PATCH]: { body: { ...LEAD, contract_status: 'declinado' } },
    });
    renderRoute('/dashboard');
    const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });
    await boardDragReady();
    within(frio).getByRole('button', { name: 'Marca 1' }).focus();

    await user.keyboard(' ');
    // Six columns over: Morno, Quente, Fechado, No jurídico, Assinado, Declinado.
    for (let step = 0; step < 6; step++) await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');

    const dialog = await screen.findByRole('dialog', { name: 'Por que a oportunidade foi perdida?' });
    const declinado = screen.getByRole('region', { name: 'Declinado', hidden: true });
    expect(within(declinado).getByRole('group', { name: 'Marca 1', hidden: true })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Sem verba');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar motivo' }));

    await waitFor(() => expect(api.calls(PATCH)).toHaveLength(1));
    expect(api.calls(PATCH)[0]!.body).toEqual({ contract_status: 'declinado', reason: 'Sem verba' });
  });

  it('asks nothing for a move to a status that is not lost', async () => {
    const { api } = await moveWithMenu('morno', 'Morno');

    await waitFor(() => expect(api.calls(PATCH)).toHaveLength(1));
    expect(api.calls(PATCH)[0]!.body).toEqual({ contract_status: 'morno' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
