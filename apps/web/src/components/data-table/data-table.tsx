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
import { AlertCircleIcon, InboxIcon, RefreshCwIcon, SearchIcon, SearchXIcon } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { DataTablePagination } from './data-table-pagination';
import { getShownRange } from './page-range';

declare module '@tanstack/react-table' {
  // Module augmentation only works with an interface; the type parameters must match the original.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells, e.g. `hidden md:table-cell` on narrow screens. */
    className?: string;
  }
}

/** SPEC.md §9: catalogue and user lists offer 5, 10, 15 or 20 rows a page, 5 by default. */
export const DEFAULT_PAGE_SIZES = [5, 10, 15, 20] as const;

// Every row has this height, skeletons included, so nothing moves when the data arrives.
const ROW_CLASS = 'h-12';

export type DataTableProps<TData> = {
  /**
   * Column definitions. The value type is erased because a list of columns mixes accessors of
   * different value types, and ColumnDef is invariant in it.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above; the row type stays checked
  columns: ColumnDef<TData, any>[];
  /** Every row, fetched once: searching, sorting and paging happen here, on the client. */
  data: readonly TData[] | undefined;
  getRowId?: (row: TData) => string;
  /** Whether a row matches the search box's text (see `matchesSearch`). */
  filterFn: (row: TData, query: string) => boolean;
  isLoading: boolean;
  /** A background refetch: the refresh button spins but the rows stay. */
  isFetching?: boolean;
  isError: boolean;
  /** The error panel's title, e.g. 'Erro ao carregar verticais'. */
  errorTitle?: string;
  /** The server's message or another detail under the title. */
  errorMessage?: string;
  /** Refresh button and 'Tentar Novamente'. */
  onRefresh: () => void;
  searchPlaceholder?: string;
  pageSizes?: readonly number[];
  initialPageSize?: number;
  initialSorting?: SortingState;
  emptyTitle?: string;
  emptyDescription?: string;
  /** Shown in the empty state, typically the create button. */
  emptyAction?: ReactNode;
  /** Extra controls in the toolbar, after the search box (filters, the create button). */
  toolbar?: ReactNode;
  /** The table's accessible name. */
  label?: string;
};

/**
 * The list screens' table (catalogues, users): toolbar (search, refresh, page size, total), rows,
 * 'Mostrando X a Y de N' and pagination, and the four states — loading (skeleton rows), error
 * (with 'Tentar Novamente'), empty (with the create action) and no result (with 'Limpar busca').
 */
export function DataTable<TData>({
  columns,
  data,
  getRowId,
  filterFn,
  isLoading,
  isFetching = false,
  isError,
  errorTitle,
  errorMessage,
  onRefresh,
  searchPlaceholder,
  pageSizes = DEFAULT_PAGE_SIZES,
  initialPageSize = pageSizes[0] ?? 5,
  initialSorting = [],
  emptyTitle,
  emptyDescription,
  emptyAction,
  toolbar,
  label,
}: DataTableProps<TData>) {
  const { t } = useTranslation('table');
  const [query, setQuery] = useState('');
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: initialPageSize,
  });

  const rows = useMemo(() => {
    const all = data ?? [];
    return query.trim() ? all.filter((row) => filterFn(row, query)) : [...all];
  }, [data, filterFn, query]);

  // A refetch or a search can shrink the list under the current page: show its last page instead.
  const pageCount = Math.ceil(rows.length / pagination.pageSize);
  const pageIndex = Math.min(pagination.pageIndex, Math.max(0, pageCount - 1));
  const paginationState = { pageIndex, pageSize: pagination.pageSize };

  function handlePaginationChange(updater: Updater<PaginationState>) {
    setPagination((previous) =>
      typeof updater === 'function' ? updater({ ...previous, pageIndex }) : updater,
    );
  }

  // The instance stays inside this component; no memoised child receives its functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getRowId,
    state: { sorting, pagination: paginationState },
    onSortingChange: setSorting,
    onPaginationChange: handlePaginationChange,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    // Page changes are ours to make (search, page size); a refetch must not jump back to page 1.
    autoResetPageIndex: false,
  });

  function handleSearchChange(value: string) {
    setQuery(value);
    setPagination((previous) => ({ ...previous, pageIndex: 0 }));
  }

  function handlePageSizeChange(value: string) {
    setPagination({ pageIndex: 0, pageSize: Number(value) });
  }

  const total = rows.length;
  const hasData = !isLoading && !isError && total > 0;
  const shown = getShownRange(pageIndex, pagination.pageSize, total);

  let stateRow: ReactNode = null;
  if (isError) {
    stateRow = (
      <StatePanel
        icon={<AlertCircleIcon className="size-8 text-destructive" />}
        title={errorTitle ?? t('error.title')}
        description={errorMessage}
        action={
          <Button variant="outline" onClick={onRefresh}>
            <RefreshCwIcon />
            {t('error.retry')}
          </Button>
        }
        role="alert"
      />
    );
  } else if (!isLoading && (data?.length ?? 0) === 0) {
    stateRow = (
      <StatePanel
        icon={<InboxIcon className="size-8 text-muted-foreground" />}
        title={emptyTitle ?? t('empty.title')}
        description={emptyDescription ?? t('empty.description')}
        action={emptyAction}
      />
    );
  } else if (!isLoading && total === 0) {
    stateRow = (
      <StatePanel
        icon={<SearchXIcon className="size-8 text-muted-foreground" />}
        title={t('noResults.title')}
        description={t('noResults.description', { query: query.trim() })}
        action={
          <Button variant="outline" onClick={() => handleSearchChange('')}>
            {t('noResults.clear')}
          </Button>
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-4" aria-busy={isLoading || isFetching}>
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative w-full sm:w-72">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            value={query}
            onChange={(event) => handleSearchChange(event.target.value)}
            placeholder={searchPlaceholder ?? t('search')}
            aria-label={searchPlaceholder ?? t('search')}
            className="pl-8"
          />
        </div>
        {toolbar}
        <div className="flex flex-1 flex-wrap items-center justify-end gap-2">
          <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
            {/* A failed load has no total to tell: "Total: 0" would read as an empty list. */}
            {isLoading ? <Skeleton className="h-4 w-24" /> : isError ? null : t('total', { count: total })}
          </span>
          <Select value={String(pagination.pageSize)} onValueChange={handlePageSizeChange}>
            <SelectTrigger size="sm" className="w-[4.5rem]" aria-label={t('pageSize')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {pageSizes.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button
            variant="outline"
            size="icon-sm"
            onClick={onRefresh}
            disabled={isLoading}
            aria-label={t('refresh')}
            title={t('refresh')}
          >
            <RefreshCwIcon className={cn(isFetching && !isLoading && 'animate-spin')} />
          </Button>
        </div>
      </div>

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
            {stateRow
              ? null
              : isLoading
                ? Array.from({ length: pagination.pageSize }, (_, rowIndex) => (
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
        {stateRow ? <div className="border-t">{stateRow}</div> : null}
      </div>

      {hasData ? (
        <div className="flex flex-col items-center justify-between gap-2 sm:flex-row">
          <p className="text-sm text-muted-foreground tabular-nums">
            {t('showing', { from: shown.from, to: shown.to, total })}
          </p>
          <DataTablePagination
            pageIndex={pageIndex}
            pageCount={pageCount}
            onPageChange={(index) => table.setPageIndex(index)}
          />
        </div>
      ) : null}
    </div>
  );
}

type StatePanelProps = {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  role?: 'alert';
};

function StatePanel({ icon, title, description, action, role }: StatePanelProps) {
  return (
    <div
      role={role}
      className="flex min-h-60 flex-col items-center justify-center gap-3 px-4 py-10 text-center"
    >
      {icon}
      <div className="space-y-1">
        <p className="font-medium">{title}</p>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}
