import { keepPreviousData, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http } from '@/lib/http';
import { createQueryClient } from '@/lib/query-client';
import { stubApi, type StubRequest } from '@/test/api-stub';
import { DataTable } from './data-table';
import { DataTableColumnHeader } from './data-table-column-header';
import { useServerTableState } from './use-server-table-state';

type Thing = { id: string; name: string };

// 45 things on the "server": it filters, sorts and pages as the API does.
const THINGS: Thing[] = Array.from({ length: 45 }, (_, index) => ({
  id: `t${index + 1}`,
  name: `Coisa ${String(index + 1).padStart(2, '0')}`,
}));

function thingsApi(request: StubRequest) {
  const params = new URL(request.url, 'http://localhost').searchParams;
  const search = (params.get('search') ?? '').toLowerCase();
  let rows = THINGS.filter((thing) => thing.name.toLowerCase().includes(search));
  if (params.get('sort') === 'name' && params.get('order') === 'desc') rows = [...rows].reverse();
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  return { body: { data: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit } };
}

const columns: ColumnDef<Thing, string>[] = [
  {
    accessorKey: 'name',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Nome" />,
  },
];

function ThingsList() {
  const { controls, params } = useServerTableState({ initialPageSize: 10 });
  const query = useQuery({
    queryKey: ['things', params],
    queryFn: ({ signal }) => http.get<{ data: Thing[]; total: number }>('/api/things', { params, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable<Thing>
      label="Coisas"
      columns={columns}
      query={query}
      loadError={{ title: 'Erro ao carregar coisas', toastId: 'things-load-error' }}
      getRowId={(thing) => thing.id}
      server={controls}
      pageSizes={[10, 20, 50, 100]}
      emptyTitle="Nenhuma coisa"
    />
  );
}

function renderList(routes = { 'GET /api/things': thingsApi }) {
  const api = stubApi(routes);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThingsList />
    </QueryClientProvider>,
  );
  const asked = () =>
    api
      .calls('GET /api/things')
      .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));
  return { asked };
}

const names = () =>
  within(screen.getByRole('table', { name: 'Coisas' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('DataTable in server mode', () => {
  it('shows the page the server answered, with the server total, and asks for the next page', async () => {
    const user = userEvent.setup();
    const { asked } = renderList();
    expect(await screen.findByText('Coisa 01')).toBeInTheDocument();
    expect(names()).toHaveLength(10);
    expect(screen.getByText('Total: 45 registros')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1 a 10 de 45')).toBeInTheDocument();
    expect(asked()).toEqual([{ page: '1', limit: '10' }]);

    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('Coisa 11')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 11 a 20 de 45')).toBeInTheDocument();
    expect(asked().at(-1)).toEqual({ page: '2', limit: '10' });
  });

  it('searches on the server once typing pauses, from the first page again', async () => {
    const user = userEvent.setup();
    const { asked } = renderList();
    await screen.findByText('Coisa 01');
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    await screen.findByText('Coisa 21');
    await user.type(screen.getByRole('searchbox'), 'coisa 4');
    await waitFor(() =>
      expect(names()).toEqual(['Coisa 40', 'Coisa 41', 'Coisa 42', 'Coisa 43', 'Coisa 44', 'Coisa 45']),
    );
    // One request for the word, not one per letter; page 1 of the new search.
    expect(asked().filter((params) => params.search)).toEqual([
      { page: '1', limit: '10', search: 'coisa 4' },
    ]);
    expect(screen.getByText('Total: 6 registros')).toBeInTheDocument();
  });

  it('sends the sort of a clicked header, and changes page size from the first page', async () => {
    const user = userEvent.setup();
    const { asked } = renderList();
    await screen.findByText('Coisa 01');
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await screen.findByText('Coisa 11');
    await user.click(screen.getByRole('button', { name: /Nome/ }));
    await user.click(screen.getByRole('button', { name: /Nome/ }));
    await waitFor(() => expect(names()[0]).toBe('Coisa 45'));
    expect(asked().at(-1)).toEqual({ page: '1', limit: '10', sort: 'name', order: 'desc' });
    expect(screen.getByRole('columnheader', { name: /Nome/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('tells an empty list from a search with no result, and clears the search', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Coisa 01');
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByText('Nenhum resultado encontrado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(await screen.findByText('Coisa 01')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('shows the empty state when the server has nothing at all', async () => {
    renderList({ 'GET /api/things': () => ({ body: { data: [], total: 0, page: 1, limit: 10 } }) });
    expect(await screen.findByText('Nenhuma coisa')).toBeInTheDocument();
    expect(screen.queryByText('Nenhum resultado encontrado')).not.toBeInTheDocument();
  });
});
