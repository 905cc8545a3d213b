import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { board, boardDragReady, placeColumnsSideBySide, signedIn, sizeBoardColumns } from '../test-board';
import { boardLead } from '../test-leads';

// dnd-kit's chunk arrives when the test says so.
const dndChunk = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrive: () => arrive(), arrived };
});
vi.mock('./board-dnd', async (importOriginal) => {
  await dndChunk.arrived;
  return importOriginal();
});

const LEAD = boardLead(1);
const PATCH = `PATCH /api/leads/${LEAD.id}`;

beforeEach(sizeBoardColumns);
afterEach(() => vi.restoreAllMocks());

describe('drag and drop arriving after the board', () => {
  it('paints the columns and cards before dnd-kit has arrived, and drags them once it has', async () => {
    placeColumnsSideBySide();
    const user = userEvent.setup();
    const api = signedIn({
      'GET /api/leads/board': { body: board({ frio: [LEAD] }) },
      [PATCH]: { body: { ...LEAD, contract_status: 'morno' } },
    });
    renderRoute('/dashboard');

    // The whole board is there without dnd-kit: columns, counts, the card and its actions. (The
    // file's only test: the wait includes compiling the signed-in app, slow on a loaded machine.)
    const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 15_000 });
    const card = within(frio).getByRole('button', { name: 'Marca 1' });
    expect(within(frio).getByRole('button', { name: 'Mover Marca 1 para outra coluna' })).toBeInTheDocument();
    expect(document.querySelector('[data-drag-ready]')).toBeNull();
    // Nothing picks the card up yet: Space and an arrow leave it where it is.
    card.focus();
    await user.keyboard(' {ArrowRight} ');
    expect(within(frio).getByRole('group', { name: 'Marca 1' })).toBeInTheDocument();
    expect(api.calls(PATCH)).toHaveLength(0);

    dndChunk.arrive();
    await boardDragReady();
    // The same card, not a new one: it kept the focus.
    expect(card).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');

    await waitFor(() => expect(api.calls(PATCH)).toHaveLength(1));
    expect(api.calls(PATCH)[0]!.body).toEqual({ contract_status: 'morno' });
    const morno = screen.getByRole('region', { name: 'Morno' });
    expect(within(morno).getByRole('group', { name: 'Marca 1' })).toBeInTheDocument();
  });
});
