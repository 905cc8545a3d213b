import type { SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import type { ServerTableControls } from './use-server-table-state';

/**
 * The same controls as a server-driven table's, for a list held whole in the browser (catalogues,
 * users): the search applies as typed, and a new search or page size goes back to the first page.
 */
export function useClientTableState(
  initialPageSize: number,
  initialSorting: SortingState,
): ServerTableControls {
  const [search, setSearch] = useState('');
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [pageIndex, setPageIndex] = useState(0);
  return {
    pageIndex,
    pageSize,
    sorting,
    searchInput: search,
    search: search.trim(),
    setPageIndex,
    setPageSize: (size) => {
      setPageSize(size);
      setPageIndex(0);
    },
    setSorting,
    setSearchInput: (text) => {
      setSearch(text);
      setPageIndex(0);
    },
    clearSearch: () => {
      setSearch('');
      setPageIndex(0);
    },
  };
}
