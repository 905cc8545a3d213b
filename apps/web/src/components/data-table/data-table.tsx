import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { CATALOGUE_PAGE_SIZES } from '@funil/shared';
import { AlertCircleIcon, InboxIcon, RefreshCwIcon, SearchXIcon } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { DataTablePagination } from './data-table-pagination';
import { DataTableStatePanel } from './data-table-state-panel';
import { DataTableToolbar } from './data-table-toolbar';
import { getShownRange } from './page-range';
import { useClientTableState } from './use-client-table-state';
import { useLoadError } from './use-load-error';
import type { ServerTableControls } from './use-server-table-state';

declare module '@tanstack/react-table' {
  // Module augmentation only works with an interface; the type parameters must match the original.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells, e.g. `hidden md:table-cell` on narrow screens. */
    className?: string;
  }
}

// Every row has this height, skeletons included, so nothing moves when the data arrives.
const ROW_CLASS = 'h-12';

/**
 * What the table reads of the list's query: pass the TanStack Query result itself. `data` is the
 * API's list answer; in server mode its `total` counts every page.
 */
export type TableQueryState<TData> = {
  data: { data: readonly TData[]; total: number } | undefined;
  /** No answer yet: skeleton rows. */
  isPending: boolean;
  /** A background refetch (or, in server mode, the next page loading): the refresh button spins, the rows stay. */
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  /** The refresh button and 'Tentar Novamente'. */
  refetch: () => unknown;
};

/** How a failed load is told: the error panel's title and a toast with the same title. */
export type TableLoadError = {
  /** 'Erro ao carregar verticais'. */
  title: string;
  /** The panel's and the toast's text when the server gave none; the title unless given. */
  fallback?: string;
  /** One toast per list: a retry that fails again replaces it instead of stacking another. */
  toastId: string;
};

type DataTableBaseProps<TData> = {
  /**
   * Column definitions. The value type is erased because a list of columns mixes accessors of
   * different value types, and ColumnDef is invariant in it. In server mode, a sortable column's
   * id is the API's sort field.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above; the row type stays checked
  columns: ColumnDef<TData, any>[];
  /** The list's query. Client mode: its rows are every row. Server mode: the current page's. */
  query: TableQueryState<TData>;
  loadError: TableLoadError;
  getRowId?: (row: TData) => string;
  searchPlaceholder?: string;
  /** False hides the search box, for a list searched by its screen's own filters. Default true. */
  searchable?: boolean;
  /** The page-size choices, the first being the default; the catalogue lists' 5, 10, 15, 20 unless given. */
  pageSizes?: readonly number[];
  emptyTitle?: string;
  emptyDescription?: string;
  /** Shown in the empty state, typically the create button. */
  emptyAction?: ReactNode;
  /** Extra controls in the toolbar, after the search box (filters, the create button). */
  toolbar?: ReactNode;
  /** The table's accessible name. */
  label?: string;
};

type ClientModeProps<TData> = {
  /** Whether a row matches the search box's text (see `matchesSearch`). */
  filterFn: (row: TData, query: string) => boolean;
  initialPageSize?: number;
  initialSorting?: SortingState;
  server?: undefined;
};

type ServerModeProps = {
  /** The state of a list paged, sorted and searched by the API (useServerTableState). */
  server: ServerTableControls;
  filterFn?: undefined;
  initialPageSize?: undefined;
  initialSorting?: undefined;
};

export type DataTableProps<TData> = DataTableBaseProps<TData> & (ClientModeProps<TData> | ServerModeProps);

/**
 * Every list screen's table: toolbar (search, refresh, page size, total), rows, 'Mostrando X a Y
 * de N' and pagination, and four states — loading (skeleton rows), error (with 'Tentar
 * Novamente'), empty (with the create action) and no result (with 'Limpar busca').
 *
 * Two modes with one look: client mode (`filterFn`) searches, sorts and pages a list fetched
 * whole; server mode (`server` from useServerTableState) shows the page the API answered (its
 * `total` counts the rest) and asks for another page, sort or search through the controls.
 *
 * A failed load says so twice: the error panel (the server's message under `loadError.title`, with
 * 'Tentar Novamente') and a toast with the same title.
 */
export function DataTable<TData>(props: DataTableProps<TData>) {
  const {
    columns,
    query,
    loadError,
    getRowId,
    searchPlaceholder,
    searchable = true,
    pageSizes = CATALOGUE_PAGE_SIZES,
    emptyTitle,
    emptyDescription,
    emptyAction,
    toolbar,
    label,
  } = props;
  const { t } = useTranslation('table');
  const { isPending: isLoading, isFetching, isError } = query;
  const data = query.data?.data;
  const errorMessage = useLoadError({
    error: query.error,
    title: loadError.title,
    fallback: loadError.fallback ?? loadError.title,
    toastId: loadError.toastId,
  });
  const handleRefresh = () => void query.refetch();
  const isServer = props.server !== undefined;
  const local = useClientTableState(props.initialPageSize ?? pageSizes[0] ?? 5, props.initialSorting ?? []);
  const controls = props.server ?? local;
  const { filterFn } = props;

  const rows = useMemo(() => {
    const all = data ?? [];
    return !filterFn || !controls.search ? [...all] : all.filter((row) => filterFn(row, controls.search));
  }, [data, filterFn, controls.search]);

  const total = isServer ? (query.data?.total ?? 0) : rows.length;
  // A refetch or a search can shrink the list under the current page: show its last page instead.
  const pageCount = Math.ceil(total / controls.pageSize);
  const pageIndex = Math.min(controls.pageIndex, Math.max(0, pageCount - 1));

  function handlePaginationChange(updater: Updater<PaginationState>) {
    const next =
      typeof updater === 'function' ? updater({ pageIndex, pageSize: controls.pageSize }) : updater;
    if (next.pageSize !== controls.pageSize) controls.setPageSize(next.pageSize);
    else controls.setPageIndex(next.pageIndex);
  }

  function handleSortingChange(updater: Updater<SortingState>) {
    controls.setSorting(typeof updater === 'function' ? updater(controls.sorting) : updater);
  }

  // The instance stays inside this component; no memoised child receives its functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getRowId,
    state: { sorting: controls.sorting, pagination: { pageIndex, pageSize: controls.pageSize } },
    onSortingChange: handleSortingChange,
    onPaginationChange: handlePaginationChange,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: isServer,
    manualPagination: isServer,
    rowCount: isServer ? total : undefined,
    ...(isServer
      ? {}
      : { getSortedRowModel: getSortedRowModel(), getPaginationRowModel: getPaginationRowModel() }),
    // Page changes are the controls' to make; a refetch must not jump back to page 1.
    autoResetPageIndex: false,
    // One sort at a time, as the API takes it; a third click goes back to the list's own order.
    enableMultiSort: false,
  });

  const isEmptyList = isServer ? total === 0 && !controls.search : (data?.length ?? 0) === 0;
  const hasData = !isLoading && !isError && total > 0;
  const shown = getShownRange(pageIndex, controls.pageSize, total);

  let statePanel: ReactNode = null;
  if (isError) {
    statePanel = (
      <DataTableStatePanel
        icon={<AlertCircleIcon className="size-8 text-destructive" />}
        title={loadError.title}
        description={errorMessage}
        action={
          <Button variant="outline" onClick={handleRefresh}>
            <RefreshCwIcon />
            {t('error.retry')}
          </Button>
        }
        role="alert"
      />
    );
  } else if (!isLoading && isEmptyList) {
    statePanel = (
      <DataTableStatePanel
        icon={<InboxIcon className="size-8 text-muted-foreground" />}
        title={emptyTitle ?? t('empty.title')}
        description={emptyDescription ?? t('empty.description')}
        action={emptyAction}
      />
    );
  } else if (!isLoading && total === 0) {
    statePanel = (
      <DataTableStatePanel
        icon={<SearchXIcon className="size-8 text-muted-foreground" />}
        title={t('noResults.title')}
        description={t('noResults.description', { query: controls.search })}
        action={
          <Button variant="outline" onClick={controls.clearSearch}>
            {t('noResults.clear')}
          </Button>
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-4" aria-busy={isLoading || isFetching}>
      <DataTableToolbar
        searchable={searchable}
        search={controls.searchInput}
        onSearchChange={controls.setSearchInput}
        searchPlaceholder={searchPlaceholder}
        total={isError ? null : total}
        isLoading={isLoading}
        isFetching={isFetching}
        pageSize={controls.pageSize}
        pageSizes={pageSizes}
        onPageSizeChange={controls.setPageSize}
        onRefresh={handleRefresh}
      >
        {toolbar}
      </DataTableToolbar>

      <div className="rounded-md border">
        <Table aria-label={label}>
          <TableHeader>
            {table.getHeaderGroups().map((headerGroup) => (
              <TableRow key={headerGroup.id} className="hover:bg-transparent">
                {headerGroup.headers.map((header) => (
                  <TableHead
                    key={header.id}
                    className={header.column.columnDef.meta?.className}
                    aria-sort={
                      header.column.getIsSorted() === 'asc'
                        ? 'ascending'
                        : header.column.getIsSorted() === 'desc'
                          ? 'descending'
                          : undefined
                    }
                  >
                    {header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext())}
                  </TableHead>
                ))}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {statePanel
              ? null
              : isLoading
                ? Array.from({ length: controls.pageSize }, (_, rowIndex) => (
                    <TableRow
                      key={rowIndex}
                      className={cn(ROW_CLASS, 'hover:bg-transparent')}
                      data-testid="skeleton-row"
                    >
                      {table.getVisibleLeafColumns().map((column) => (
                        <TableCell key={column.id} className={column.columnDef.meta?.className}>
                          <Skeleton className="h-5 w-full max-w-40" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : table.getRowModel().rows.map((row) => (
                    <TableRow key={row.id} className={ROW_CLASS}>
                      {row.getVisibleCells().map((cell) => (
                        <TableCell key={cell.id} className={cell.column.columnDef.meta?.className}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
          </TableBody>
        </Table>
        {/* Outside the table: on a narrow screen the table scrolls sideways, the message must not. */}
        {statePanel ? <div className="border-t">{statePanel}</div> : null}
      </div>

      {hasData ? (
        <div className="flex flex-col items-center justify-between gap-2 sm:flex-row">
          <p className="text-sm text-muted-foreground tabular-nums">
            {t('showing', { from: shown.from, to: shown.to, total })}
          </p>
          <DataTablePagination
            pageIndex={pageIndex}
            pageCount={pageCount}
            onPageChange={controls.setPageIndex}
          />
        </div>
      ) : null}
    </div>
  );
}
