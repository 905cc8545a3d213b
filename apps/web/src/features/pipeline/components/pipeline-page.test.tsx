import type { Lead } from '@funil/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiColumnTotals } from '@/test/api-fixtures';
import { renderRoute } from '@/test/render';
import { board, signedIn, sizeBoardColumns } from '../test-board';
import { boardLead as apiLead } from '../test-leads';

/** A board whose Frio column holds `frio` (true count 412) and whose other columns are empty. */
const frioBoard = (frio: Lead[]) =>
  board({ frio }, { frio: { count: 412, credit: 1_500_000, invest: 250_000.5, next_cursor: 'next' } });

const paramsOf = (url: string) => new URL(url, 'http://localhost').searchParams;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

const LEADS = [
  apiLead(2, {
    franchises: ['Recife', 'Rio de Janeiro', 'Salvador', 'São Paulo'],
    credit: 1_000_000,
    invest: 200_000,
  }),
  apiLead(1),
];

beforeEach(sizeBoardColumns);

describe('pipeline board', () => {
  it('paints every column from one call, with true counts and BRL sums in the headers', async () => {
    const api = signedIn({ 'GET /api/leads/board': { body: frioBoard(LEADS) } });
    renderRoute('/dashboard');

    const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });
    expect(within(frio).getByLabelText('Frio: 412 oportunidades')).toHaveTextContent('412');
    expect(within(frio).getByText('R$ 1.500.000')).toBeInTheDocument();
    expect(within(frio).getByText('R$ 250.001')).toBeInTheDocument();
    for (const label of ['Morno', 'Quente', 'Fechado', 'No jurídico', 'Assinado', 'Declinado', 'Cancelado']) {
      expect(screen.getByRole('region', { name: label })).toBeInTheDocument();
    }
    const card = within(frio).getByRole('group', { name: 'Marca 2' });
    expect(within(card).getByText('Recife')).toBeInTheDocument();
    expect(within(card).getByText('Rio de Janeiro')).toBeInTheDocument();
    expect(within(card).getByText(/e mais 2 praças/)).toBeInTheDocument();
    expect(within(card).getByText('R$ 1.000.000')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Abrir Marca 2 em tela cheia' })).toHaveAttribute(
      'href',
      `/leads/editar/${LEADS[0]!.id}`,
    );
    expect(api.calls('GET /api/leads/board')).toHaveLength(1);
    expect(paramsOf(api.calls('GET /api/leads/board')[0]!.url).get('limit')).toBe('20');
  });

  it("names each card's drag handle by the brand it shows first and describes it with the rest of the card", async () => {
    signedIn({ 'GET /api/leads/board': { body: frioBoard(LEADS) } });
    renderRoute('/dashboard');

    const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });
    const card = within(frio).getByRole('group', { name: 'Marca 2' });
    // The visible text the card starts with is its whole name, so "click Marca 2" reaches it.
    const handle = within(card).getByRole('button', { name: 'Marca 2' });
    expect(handle).not.toHaveAttribute('aria-label');
    // The details follow as its description, then how to drag it (dnd-kit's hidden text, added after render).
    await waitFor(() =>
      expect(handle).toHaveAccessibleDescription(
        /^Esportes · .+ Carla Dias \d+ dias no status Crédito R\$\s1\.000\.000 Investimento R\$\s200\.000 Recife Rio de Janeiro e mais 2 praças: Salvador, São Paulo Para mover um card/,
      ),
    );
  });

  it('moves a card with "Mover para…": both columns and both headers change at once, nothing is refetched', async () => {
    const user = userEvent.setup();
    const moved = LEADS[1]!;
    const api = signedIn({
      'GET /api/leads/board': { body: frioBoard(LEADS) },
      [`PATCH /api/leads/${moved.id}`]: { body: { ...moved, contract_status: 'quente' } },
    });
    renderRoute('/dashboard');
    const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });

    await user.click(within(frio).getByRole('button', { name: 'Mover Marca 1 para outra coluna' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Quente' }));

    const quente = screen.getByRole('region', { name: 'Quente' });
    expect(await within(quente).findByRole('group', { name: 'Marca 1' })).toBeInTheDocument();
    expect(within(frio).queryByRole('group', { name: 'Marca 1' })).not.toBeInTheDocument();
    expect(within(frio).getByLabelText('Frio: 411 oportunidades')).toBeInTheDocument();
    expect(within(quente).getByLabelText('Quente: 1 oportunidades')).toBeInTheDocument();
    // The header's credit total and the card's own credit.
    expect(within(quente).getAllByText('R$ 1.000')).toHaveLength(2);
    expect(await screen.findByText('Status atualizado')).toBeInTheDocument();
    expect(api.calls(`PATCH /api/leads/${moved.id}`)[0]!.body).toEqual({ contract_status: 'quente' });
    expect(api.calls('GET /api/leads/board')).toHaveLength(1);
    // The only column pages asked for are Frio's next ones (its end is in view), never a reload.
    for (const call of api.calls('GET /api/leads')) {
      expect(Object.fromEntries(paramsOf(call.url))).toMatchObject({
        contract_status: 'frio',
        cursor: 'next',
      });
    }
  });

  it('opens a column collapsed since the last visit with the card moved into it', async () => {
    const user = userEvent.setup();
    const moved = LEADS[1]!;
    const after = frioBoard([LEADS[0]!]);
    after.columns[2] = {
      ...after.columns[2]!,
      count: 1,
      credit: 1000,
      invest: 500,
      data: [{ ...moved, contract_status: 'quente' }],
    };
    let boardCalls = 0;
    signedIn({
      'GET /api/leads/board': () => ({ body: boardCalls++ === 0 ? frioBoard(LEADS) : after }),
      [`PATCH /api/leads/${moved.id}`]: { body: { ...moved, contract_status: 'quente' } },
    });
    localStorage.setItem(STORAGE_KEYS.kanbanCollapsedColumns, '["quente"]');
    renderRoute('/dashboard');
    const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });

    await user.click(within(frio).getByRole('button', { name: 'Mover Marca 1 para outra coluna' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Quente' }));
    expect(await screen.findByText('Status atualizado')).toBeInTheDocument();
    await waitFor(() => expect(boardCalls).toBe(2));

    await user.click(screen.getByRole('button', { name: 'Expandir a coluna Quente' }));
    const quente = screen.getByRole('region', { name: 'Quente' });
    expect(await within(quente).findByRole('group', { name: 'Marca 1' })).toBeInTheDocument();
  });

  it('puts the card back and reloads the board when the move fails', async () => {
    const user = userEvent.setup();
    const moved = LEADS[1]!;
    const api = signedIn({
      'GET /api/leads/board': { body: frioBoard(LEADS) },
      [`PATCH /api/leads/${moved.id}`]: { status: 404, body: { message: 'Oportunidade não encontrada' } },
    });
    renderRoute('/dashboard');
    const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });

    await user.click(within(frio).getByRole('button', { name: 'Mover Marca 1 para outra coluna' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Assinado' }));

    expect(await screen.findByText('Erro ao atualizar status')).toBeInTheDocument();
    expect(screen.getByText('Oportunidade não encontrada')).toBeInTheDocument();
    expect(within(frio).getByRole('group', { name: 'Marca 1' })).toBeInTheDocument();
    expect(within(frio).getByLabelText('Frio: 412 oportunidades')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/leads/board').length).toBeGreaterThan(1));
  });

  it('refuses a move that would oversell a quota in the server’s words, and puts the card back', async () => {
    const user = userEvent.setup();
    const moved = LEADS[1]!;
    const message = 'Cota esgotada: Master · TV aberta · Esporte · 2027';
    const api = signedIn({
      'GET /api/leads/board': { body: frioBoard(LEADS) },
      [`PATCH /api/leads/${moved.id}`]: { status: 409, body: { message } },
    });
    renderRoute('/dashboard');
    const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });

    await user.click(within(frio).getByRole('button', { name: 'Mover Marca 1 para outra coluna' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Fechado' }));

    const toast = (await screen.findByText(message)).closest('li')!;
    expect(within(toast).getByText('Erro ao atualizar status')).toBeInTheDocument();
    expect(api.calls(`PATCH /api/leads/${moved.id}`)[0]!.body).toEqual({ contract_status: 'fechado' });
    expect(within(frio).getByRole('group', { name: 'Marca 1' })).toBeInTheDocument();
    expect(within(frio).getByLabelText('Frio: 412 oportunidades')).toBeInTheDocument();
    const fechado = screen.getByRole('region', { name: 'Fechado' });
    expect(within(fechado).queryByRole('group', { name: 'Marca 1' })).not.toBeInTheDocument();
    expect(within(fechado).getByLabelText('Fechado: 0 oportunidades')).toBeInTheDocument();
  });

  it('shows on each card the units left of the quotas it takes, a sold-out one in words', async () => {
    const withStock = apiLead(8, {
      franchises: ['São Paulo'],
      stock: [
        { offering_id: 'o-national', franchise: null, quantity: 5, available: 2, list_price: 450_000 },
        { offering_id: 'o-sp', franchise: 'São Paulo', quantity: 1, available: 0, list_price: 50_000 },
      ],
    });
    signedIn({ 'GET /api/leads/board': { body: frioBoard([withStock, ...LEADS]) } });
    renderRoute('/dashboard');
    const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });

    const card = within(frio).getByRole('group', { name: 'Marca 8' });
    expect(within(card).getByText('2 de 5')).toBeInTheDocument();
    const soldOut = within(card).getByText('São Paulo: Esgotada').closest('[data-slot="badge"]');
    expect(soldOut).toHaveAttribute('data-sold-out', 'true');
    expect(soldOut).toHaveClass('bg-red-100');
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Marca 8' })).toHaveAccessibleDescription(
        /São Paulo Cota: 2 de 5 disponíveis Cota em São Paulo esgotada: 0 de 1 disponíveis Para mover/,
      ),
    );
    // A card whose opportunity takes no quota shows none.
    const plain = within(frio).getByRole('group', { name: 'Marca 1' });
    expect(plain.querySelector('[data-slot="lead-stock"]')).toBeNull();
  });

  it('asks the server with the filters of a shared link and keeps them for the next visit', async () => {
    const api = signedIn({ 'GET /api/leads/board': { body: frioBoard([]) } });
    renderRoute('/dashboard?year=2027&franchise=Recife&brand=caf%C3%A9');

    await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });
    const params = paramsOf(api.calls('GET /api/leads/board')[0]!.url);
    expect(params.get('prospectus_year')).toBe('2027');
    expect(params.getAll('franchise')).toEqual(['Recife']);
    expect(params.get('search')).toBe('café');
    expect(screen.getByText('3 filtros ativos')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.leadFilterYear)).toBe('2027');
    expect(localStorage.getItem(STORAGE_KEYS.leadFilterFranchises)).toBe('["Recife"]');
  });

  it('filters by franchise on the server and clears every filter at once', async () => {
    const user = userEvent.setup();
    const api = signedIn({ 'GET /api/leads/board': { body: frioBoard(LEADS) } });
    renderRoute('/dashboard');
    await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Praças' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Rio de Janeiro' }));
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/leads/board').at(-1)!.url).getAll('franchise')).toEqual([
        'Rio de Janeiro',
      ]),
    );
    expect(screen.getByText('1 filtro ativo')).toBeInTheDocument();

    // Back to the unfiltered board, which is still in the cache: no new call is needed.
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(await screen.findByRole('button', { name: 'Praças' })).toHaveTextContent('Todas as praças');
    expect(screen.queryByText('1 filtro ativo')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.leadFilterFranchises)).toBeNull();
  });

  it('collapses a column to a strip that still shows its count, and remembers it', async () => {
    const user = userEvent.setup();
    signedIn({ 'GET /api/leads/board': { body: frioBoard(LEADS) } });
    renderRoute('/dashboard');
    const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });

    await user.click(within(frio).getByRole('button', { name: 'Recolher a coluna Frio' }));
    const strip = screen.getByRole('region', { name: 'Frio' });
    expect(within(strip).getByLabelText('Frio: 412 oportunidades')).toBeInTheDocument();
    expect(within(strip).queryByRole('group')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.kanbanCollapsedColumns)).toBe('["frio"]');
  });

  it("shows each column's forecast and stale count, the whole pipeline's forecast, and marks stale cards", async () => {
    const stale = apiLead(3, { stale: true, status_changed_at: daysAgo(35) });
    const fresh = apiLead(4, { status_changed_at: daysAgo(2) });
    const forecastBoard = frioBoard([stale, fresh]);
    forecastBoard.columns[0] = { ...forecastBoard.columns[0]!, stale_count: 1 };
    forecastBoard.columns[2] = {
      ...apiColumnTotals('quente', { count: 1, credit: 10_000, invest: 4_000 }),
      data: [],
      next_cursor: null,
    };
    signedIn({ 'GET /api/leads/board': { body: forecastBoard } });
    renderRoute('/dashboard');

    const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });
    // Frio: 10 % of R$ 1.500.000.
    expect(within(frio).getByText('Previsto').nextElementSibling).toHaveTextContent('R$ 150.000(10%)');
    expect(within(frio).getByText('1 parado')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Quente' })).queryByText(/parado/),
    ).not.toBeInTheDocument();
    // The page: Frio's 150.000 + Quente's 50 % of 10.000; 25.000,05 + 2.000 of investment.
    const forecast = screen.getByRole('region', { name: 'Previsão do funil' });
    expect(within(forecast).getByText('Crédito previsto').nextElementSibling).toHaveTextContent('R$ 155.000');
    expect(within(forecast).getByText('Investimento previsto').nextElementSibling).toHaveTextContent(
      'R$ 27.000',
    );

    const staleCard = within(frio).getByRole('group', { name: 'Marca 3' });
    expect(within(staleCard).getByText('Parado há 35 dias')).toBeInTheDocument();
    expect(staleCard).toHaveAttribute('data-stale', 'true');
    const freshCard = within(frio).getByRole('group', { name: 'Marca 4' });
    expect(within(freshCard).getByText('2 dias no status')).toBeInTheDocument();
    expect(within(freshCard).queryByText(/Parado/)).not.toBeInTheDocument();
  });

  it('asks for the stale deals through the "Parados" filter, kept in the URL and for the next visit', async () => {
    const user = userEvent.setup();
    const api = signedIn({ 'GET /api/leads/board': { body: frioBoard(LEADS) } });
    const { router } = renderRoute('/dashboard');
    await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });
    expect(paramsOf(api.calls('GET /api/leads/board')[0]!.url).has('stale')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Parados' }));
    await user.click(await screen.findByRole('option', { name: 'Parados' }));
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/leads/board').at(-1)!.url).get('stale')).toBe('true'),
    );
    expect(router.state.location.search).toBe('?stale=true');
    expect(localStorage.getItem(STORAGE_KEYS.leadFilterStale)).toBe('true');
    expect(screen.getByText('1 filtro ativo')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Parados' }));
    await user.click(await screen.findByRole('option', { name: 'Em dia' }));
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/leads/board').at(-1)!.url).get('stale')).toBe('false'),
    );
  });

  it('marks a card whose earliest open task is overdue, and counts the open tasks of the others', async () => {
    const late = apiLead(5, { open_tasks: 1, next_task_due_at: daysAgo(1) });
    const planned = apiLead(6, { open_tasks: 2, next_task_due_at: daysAgo(-2) });
    const none = apiLead(7);
    signedIn({ 'GET /api/leads/board': { body: frioBoard([late, planned, none]) } });
    renderRoute('/dashboard');

    const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });
    const lateCard = within(frio).getByRole('group', { name: 'Marca 5' });
    // In words (read as part of the card's description), not in colour alone.
    expect(within(lateCard).getByText('Tarefa atrasada')).toBeInTheDocument();
    expect(within(lateCard).getByRole('button', { name: 'Marca 5' })).toHaveAccessibleDescription(
      /Tarefa atrasada/,
    );
    const plannedCard = within(frio).getByRole('group', { name: 'Marca 6' });
    expect(within(plannedCard).getByText('2 tarefas em aberto')).toBeInTheDocument();
    expect(within(plannedCard).queryByText('Tarefa atrasada')).not.toBeInTheDocument();
    const noneCard = within(frio).getByRole('group', { name: 'Marca 7' });
    expect(within(noneCard).queryByText(/tarefa/i)).not.toBeInTheDocument();
  });

  it('asks for the leads with overdue tasks through the "Tarefas" filter, kept in the URL and for the next visit', async () => {
    const user = userEvent.setup();
    const api = signedIn({ 'GET /api/leads/board': { body: frioBoard(LEADS) } });
    const { router } = renderRoute('/dashboard');
    await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });
    expect(paramsOf(api.calls('GET /api/leads/board')[0]!.url).has('task')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Tarefas' }));
    await user.click(await screen.findByRole('option', { name: 'Atrasadas' }));
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/leads/board').at(-1)!.url).get('task')).toBe('overdue'),
    );
    expect(router.state.location.search).toBe('?task=overdue');
    expect(localStorage.getItem(STORAGE_KEYS.leadFilterTask)).toBe('overdue');

    await user.click(screen.getByRole('combobox', { name: 'Tarefas' }));
    await user.click(await screen.findByRole('option', { name: 'Sem tarefas' }));
    await waitFor(() =>
      expect(paramsOf(api.calls('GET /api/leads/board').at(-1)!.url).get('task')).toBe('none'),
    );
  });

  it('offers "Nova tarefa" in a card\'s menu, the task fixed to that opportunity', async () => {
    const user = userEvent.setup();
    const lead = LEADS[1]!;
    const api = signedIn({
      'GET /api/leads/board': { body: frioBoard(LEADS) },
      'GET /api/users': { body: { data: [], total: 0, page: 1, limit: 0 } },
      'POST /api/tasks': ({ body }) => ({ status: 201, body }),
    });
    renderRoute('/dashboard');
    const frio = await screen.findByRole('region', { name: 'Frio' }, { timeout: 5000 });
    const card = within(frio).getByRole('group', { name: 'Marca 1' });

    await user.click(within(card).getByRole('button', { name: 'Mover Marca 1 para outra coluna' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Nova tarefa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova tarefa' });
    expect(within(dialog).getByText('Marca 1')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Título'), 'Ligar');
    await user.type(within(dialog).getByLabelText('Prazo'), '2026-11-27T17:00');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));

    await waitFor(() => expect(api.calls('POST /api/tasks')).toHaveLength(1));
    expect(api.calls('POST /api/tasks')[0]!.body).toMatchObject({ title: 'Ligar', lead_id: lead.id });
  });

  it('speaks English', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    signedIn({ 'GET /api/leads/board': { body: frioBoard(LEADS) } });
    const { i18n } = await import('@/i18n');
    await i18n.changeLanguage('en');
    renderRoute('/dashboard');
    const cold = await screen.findByRole('region', { name: 'Cold' }, { timeout: 5000 });
    expect(within(cold).getByLabelText('Cold: 412 opportunities')).toBeInTheDocument();
    expect(within(cold).getByText('R$1,500,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kanban' })).toHaveAttribute('aria-pressed', 'true');
  });
});
