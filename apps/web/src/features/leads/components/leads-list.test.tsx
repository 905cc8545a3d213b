import { leadSchema } from '@funil/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { LeadFilters } from '@/api/leads';
import { apiBrand, apiLead, apiList } from '@/test/api-fixtures';
import { stubApi, type StubRoute } from '@/test/api-stub';
import { renderWithProviders } from '@/test/render';
import { EXECUTIVE, paramsOf } from './leads.test-helpers';
import { LeadsList } from './leads-list';

const LEADS = [
  apiLead('Q1 2026', {
    brand: apiBrand('Café Serra Azul'),
    executive: EXECUTIVE,
    franchises: ['Belo Horizonte', 'Recife', 'Salvador', 'São Paulo'],
    credit: 1234567.89,
    invest: 500,
    contract_status: 'no_juridico',
  }),
  apiLead('03/2026', { brand: apiBrand('Banco Azul') }),
];

/** The list under a filter that a button changes, as the pipeline's filter panel would. */
function ListWithFilter({ onOpenDetails }: { onOpenDetails?: () => void }) {
  const [filters, setFilters] = useState<LeadFilters>({});
  return (
    <>
      <button type="button" onClick={() => setFilters({ prospectus_year: 2027, franchise: ['Recife'] })}>
        filtrar
      </button>
      <LeadsList filters={filters} onOpenDetails={onOpenDetails} />
    </>
  );
}

function renderList(route: StubRoute, onOpenDetails?: () => void) {
  const api = stubApi({ 'GET /api/leads': route });
  const result = renderWithProviders(<ListWithFilter onOpenDetails={onOpenDetails} />);
  const asked = () => api.calls('GET /api/leads').map((call) => paramsOf(call.url));
  return { asked, ...result };
}

const page = (total = 2) => ({
  body: { ...apiList(leadSchema, LEADS, { total, limit: 20 }), next_cursor: null },
});

describe('leads list', () => {
  it('shows the days in the status and marks a stale lead in words, beside the colour', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const leads = [
      { ...LEADS[0]!, stale: true, status_changed_at: daysAgo(35) },
      { ...LEADS[1]!, status_changed_at: daysAgo(1) },
    ];
    renderList({ body: { ...apiList(leadSchema, leads, { total: 2, limit: 20 }), next_cursor: null } });
    const table = await screen.findByRole('table', { name: 'Oportunidades' });
    const staleRow = (await within(table).findByText('Café Serra Azul')).closest('tr')!;
    expect(within(staleRow).getByText('Parado há 35 dias')).toBeInTheDocument();
    const freshRow = within(table).getByText('Banco Azul').closest('tr')!;
    expect(within(freshRow).getByText('1 dia no status')).toBeInTheDocument();
    expect(within(freshRow).queryByText(/Parado/)).not.toBeInTheDocument();
  });

  it('shows under the brand the units left of the quotas a lead takes, a sold-out one in words', async () => {
    const leads = [
      {
        ...LEADS[0]!,
        stock: [
          { offering_id: 'o-national', franchise: null, quantity: 5, available: 2, list_price: 450_000 },
          { offering_id: 'o-sp', franchise: 'São Paulo', quantity: 1, available: 0, list_price: 50_000 },
        ],
      },
      LEADS[1]!,
    ];
    renderList({ body: { ...apiList(leadSchema, leads, { total: 2, limit: 20 }), next_cursor: null } });
    const table = await screen.findByRole('table', { name: 'Oportunidades' });
    const row = (await within(table).findByText('Café Serra Azul')).closest('tr')!;
    const brand = within(row).getByText('Café Serra Azul').closest('td')!;
    expect(within(brand).getByText('2 de 5')).toBeInTheDocument();
    expect(within(brand).getByText('Cota: 2 de 5 disponíveis')).toHaveClass('sr-only');
    expect(within(brand).getByText('São Paulo: Esgotada')).toBeInTheDocument();
    expect(within(brand).getByText('Cota em São Paulo esgotada: 0 de 1 disponíveis')).toBeInTheDocument();
    const plain = within(table).getByText('Banco Azul').closest('tr')!;
    expect(plain.querySelector('[data-slot="lead-stock"]')).toBeNull();
  });

  it('marks a row whose earliest open task is overdue in words, and counts the open tasks of another', async () => {
    const leads = [
      { ...LEADS[0]!, open_tasks: 1, next_task_due_at: new Date(Date.now() - 3_600_000).toISOString() },
      { ...LEADS[1]!, open_tasks: 3, next_task_due_at: new Date(Date.now() + 86_400_000).toISOString() },
    ];
    renderList({ body: { ...apiList(leadSchema, leads, { total: 2, limit: 20 }), next_cursor: null } });
    const table = await screen.findByRole('table', { name: 'Oportunidades' });
    const lateRow = (await within(table).findByText('Café Serra Azul')).closest('tr')!;
    expect(within(lateRow).getByText('Tarefa atrasada')).toBeInTheDocument();
    const plannedRow = within(table).getByText('Banco Azul').closest('tr')!;
    expect(within(plannedRow).getByText('3 tarefas em aberto')).toBeInTheDocument();
    expect(within(plannedRow).queryByText('Tarefa atrasada')).not.toBeInTheDocument();
  });

  it('shows the leads newest first, money without cents, two franchises then +N, and an edit link', async () => {
    const onOpenDetails = vi.fn();
    const user = userEvent.setup();
    const { asked } = renderList(page(), onOpenDetails);
    const table = await screen.findByRole('table', { name: 'Oportunidades' });
    const row = (await within(table).findByText('Café Serra Azul')).closest('tr')!;
    expect(asked()[0]).toEqual({ page: '1', limit: '20', sort: 'createdAt', order: 'desc' });
    expect(row).toHaveTextContent('R$ 1.234.568');
    expect(row).toHaveTextContent('R$ 500');
    expect(row).not.toHaveTextContent('500,00');
    expect(within(row).getByText('Belo Horizonte')).toBeInTheDocument();
    expect(within(row).getByText('Recife')).toBeInTheDocument();
    expect(within(row).queryByText('Salvador')).not.toBeInTheDocument();
    expect(within(row).getByText('+2')).toBeInTheDocument();
    expect(within(row).getByText('No jurídico')).toBeInTheDocument();
    expect(within(row).getByText('Carlos Lima')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Editar oportunidade de Café Serra Azul' })).toHaveAttribute(
      'href',
      `/leads/editar/${LEADS[0]!.id}`,
    );
    await user.click(
      within(row).getByRole('button', { name: 'Ver detalhes da oportunidade de Café Serra Azul' }),
    );
    expect(onOpenDetails).toHaveBeenCalledWith(LEADS[0]);
    // The filter panel searches; the list has no search box of its own.
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('sorts on the server by the clicked column, status as contract_status', async () => {
    const user = userEvent.setup();
    const { asked } = renderList(page());
    await screen.findByText('Café Serra Azul');
    await user.click(screen.getByRole('button', { name: /Crédito/ }));
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ sort: 'credit', order: 'asc' }));
    await user.click(screen.getByRole('button', { name: /Crédito/ }));
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ sort: 'credit', order: 'desc' }));
    await user.click(screen.getByRole('button', { name: /Status/ }));
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ sort: 'contract_status', order: 'asc' }));
    await user.click(screen.getByRole('button', { name: /Marca/ }));
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ sort: 'brand', order: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /Marca/ })).toHaveAttribute('aria-sort', 'ascending');
    // Franchises and actions do not sort.
    expect(within(screen.getByRole('columnheader', { name: 'Praças' })).queryByRole('button')).toBeNull();
  });

  it('goes back to page 1 when the filters change, and sends them', async () => {
    const user = userEvent.setup();
    const { asked } = renderList(page(45));
    await screen.findByText('Café Serra Azul');
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ page: '2' }));
    await user.click(screen.getByRole('button', { name: 'filtrar' }));
    await waitFor(() =>
      expect(asked().at(-1)).toEqual({
        page: '1',
        limit: '20',
        sort: 'createdAt',
        order: 'desc',
        prospectus_year: '2027',
        franchise: 'Recife',
      }),
    );
  });

  it('says when no opportunity matches', async () => {
    renderList({ body: { ...apiList(leadSchema, []), next_cursor: null } });
    expect(await screen.findByText('Nenhuma oportunidade encontrada')).toBeInTheDocument();
  });

  it('shows the load error with retry', async () => {
    renderList({ status: 500, body: { message: 'Serviço indisponível' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao buscar leads');
    expect(within(alert).getByRole('button', { name: 'Tentar Novamente' })).toBeInTheDocument();
  });
});
