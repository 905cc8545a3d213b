import type { ColumnDef } from '@tanstack/react-table';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { HttpError } from '@/lib/http';
import { DataTable, type DataTableProps, type TableQueryState } from './data-table';
import { matchesSearch } from './matches-search';

type Item = { id: string; name: string; label: string };

const columns: ColumnDef<Item, string>[] = [
  { accessorKey: 'name', header: 'Nome' },
  { accessorKey: 'label', header: 'Label' },
];

const items: Item[] = Array.from({ length: 12 }, (_, index) => ({
  id: `id-${index + 1}`,
  name: `ITEM ${String(index + 1).padStart(2, '0')}`,
  label: index === 6 ? 'SÃO PAULO' : `LABEL ${index + 1}`,
}));

const LOAD_ERROR = { title: 'Erro ao carregar verticais', toastId: 'items-load-error' };

/** A settled query's state over `rows` (undefined: no answer), as TanStack Query would give it. */
function listQuery(rows: readonly Item[] | undefined, state: Partial<TableQueryState<Item>> = {}) {
  return {
    data: rows && { data: rows, total: rows.length },
    isPending: false,
    isFetching: false,
    isError: false,
    error: null,
    refetch: vi.fn(),
    ...state,
  };
}

function renderTable({
  query = listQuery(items),
  ...props
}: Partial<Omit<DataTableProps<Item>, 'server' | 'filterFn' | 'query'>> & {
  query?: ReturnType<typeof listQuery>;
} = {}) {
  const view = render(
    <DataTable<Item>
      columns={columns}
      query={query}
      loadError={LOAD_ERROR}
      getRowId={(row) => row.id}
      filterFn={(row, search) => matchesSearch(search, row.name, row.label)}
      searchPlaceholder="Buscar por nome ou label..."
      label="Itens"
      {...props}
    />,
  );
  return { onRefresh: query.refetch, ...view };
}

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Itens' });
  return within(table).getAllByRole('row').slice(1);
}

describe('DataTable', () => {
  it('shows the first page, the total and the shown range', () => {
    renderTable();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('ITEM 01')).toBeInTheDocument();
    expect(screen.queryByText('ITEM 06')).toBeNull();
    expect(screen.getByText('Total: 12 registros')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1 a 5 de 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  });

  it('says "registro" for a single row', () => {
    renderTable({ query: listQuery(items.slice(0, 1)) });
    expect(screen.getByText('Total: 1 registro')).toBeInTheDocument();
  });

  it('pages with the page buttons and Próximo', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(screen.getByText('Mostrando 6 a 10 de 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByText('Mostrando 11 a 12 de 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeDisabled();
  });

  it('searches case- and accent-insensitively and goes back to the first page', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nome ou label...' }), 'sao');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('ITEM 07')).toBeInTheDocument();
    expect(screen.getByText('Total: 1 registro')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1 a 1 de 1')).toBeInTheDocument();
  });

  it('shows the no-result state and clears the search with Limpar busca', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByText('Nenhum resultado encontrado')).toBeInTheDocument();
    expect(screen.queryByText(/Mostrando/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(bodyRows()).toHaveLength(5);
  });

  it('shows one skeleton row per row of the page while loading', () => {
    renderTable({ query: listQuery(undefined, { isPending: true }) });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.queryByText(/Mostrando/)).toBeNull();
    expect(screen.queryByText('Nenhum registro encontrado')).toBeNull();
  });

  it('shows the error with Tentar Novamente, which refetches, and toasts it too', async () => {
    const user = userEvent.setup();
    const toastError = vi.spyOn(toast, 'error');
    const error = new HttpError(503, 'Service Unavailable', JSON.stringify({ message: 'Falha de rede' }));
    const { onRefresh } = renderTable({ query: listQuery(undefined, { isError: true, error }) });
    // The toast's code is fetched on the first one, so it shows a moment later.
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Erro ao carregar verticais', {
        description: 'Falha de rede',
        id: 'items-load-error',
      }),
    );
    toastError.mockRestore();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Erro ao carregar verticais')).toBeInTheDocument();
    expect(within(alert).getByText('Falha de rede')).toBeInTheDocument();
    expect(screen.queryByText(/^Total:/)).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Tentar Novamente' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state with its create action', () => {
    renderTable({
      query: listQuery([]),
      emptyDescription: 'Comece criando uma nova vertical.',
      emptyAction: <button type="button">Nova Vertical</button>,
    });
    expect(screen.getByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect(screen.getByText('Comece criando uma nova vertical.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nova Vertical' })).toBeInTheDocument();
    expect(screen.getByText('Total: 0 registros')).toBeInTheDocument();
  });

  it('refreshes with the refresh button', async () => {
    const user = userEvent.setup();
    const { onRefresh } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('stays on a valid page when the data shrinks', async () => {
    const user = userEvent.setup();
    const { rerender } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    rerender(
      <DataTable<Item>
        columns={columns}
        query={listQuery(items.slice(0, 7))}
        loadError={LOAD_ERROR}
        filterFn={(row, search) => matchesSearch(search, row.name)}
        label="Itens"
      />,
    );
    expect(screen.getByText('Mostrando 6 a 7 de 7')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    renderTable();
    expect(screen.getByText('Total: 12 records')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 5 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });
});
