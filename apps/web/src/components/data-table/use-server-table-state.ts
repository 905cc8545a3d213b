import type { SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { useDebouncedCallback } from 'use-debounce';

/** How long the search box waits after the last keystroke before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What a server-driven DataTable shows and changes; made by useServerTableState. */
export type ServerTableControls = {
  pageIndex: number;
  pageSize: number;
  sorting: SortingState;
  /** The search box's text, as typed. */
  searchInput: string;
  /** The search the list was asked with (the typed text, once typing pauses). */
  search: string;
  setPageIndex: (pageIndex: number) => void;
  setPageSize: (pageSize: number) => void;
  setSorting: (sorting: SortingState) => void;
  setSearchInput: (text: string) => void;
  /** Empties the search at once ('Limpar busca'), without waiting for the debounce. */
  clearSearch: () => void;
};

/**
 * The list query's parameters for the table's state: put them in the query key. `S` is the list's
 * sort fields (the shared schema's), which the sortable columns' ids are.
 */
export type ServerTableParams<S extends string = string> = {
  page: number;
  limit: number;
  sort?: S;
  order?: 'asc' | 'desc';
  search?: string;
};

type Options = {
  initialPageSize: number;
  /** A column id that is also the API's sort field, e.g. [{ id: 'name', desc: false }]. */
  initialSorting?: SortingState;
  /**
   * What else the rows depend on, serialised (the screen's filters): the page belongs to it as it
   * belongs to the search, so new filters start at page 1.
   */
  scope?: string;
};

/**
 * The state of a list paged, sorted and searched on the server (the brand and lead lists). Any
 * change of search, sort or page size goes back to the first page; the search is debounced so a
 * word typed is one request, not one per letter. Column ids double as the API's sort fields.
 */
export function useServerTableState<S extends string = string>({
  initialPageSize,
  initialSorting = [],
  scope = '',
}: Options) {
  const [searchInput, setSearchInputState] = useState('');
  const [debounced, setDebounced] = useState('');
  const askWhenTypingPauses = useDebouncedCallback(
    (text: string) => setDebounced(text.trim()),
    SEARCH_DEBOUNCE_MS,
  );
  const [sorting, setSortingState] = useState<SortingState>(initialSorting);
  const [pageSize, setPageSizeState] = useState(initialPageSize);
  // The page belongs to the search (and scope) it was chosen under: a new search starts at page 1
  // without an effect to reset it.
  const [page, setPageState] = useState({ index: 0, search: '', scope });
  const pageIndex = page.search === debounced && page.scope === scope ? page.index : 0;
  const setPage = (next: { index: number; search: string }) => setPageState({ ...next, scope });

  const controls: ServerTableControls = {
    pageIndex,
    pageSize,
    sorting,
    searchInput,
    search: debounced,
    setPageIndex: (index) => setPage({ index, search: debounced }),
    setPageSize: (size) => {
      setPageSizeState(size);
      setPage({ index: 0, search: debounced });
    },
    setSorting: (next) => {
      setSortingState(next);
      setPage({ index: 0, search: debounced });
    },
    setSearchInput: (text) => {
      setSearchInputState(text);
      askWhenTypingPauses(text);
    },
    clearSearch: () => {
      setSearchInputState('');
      askWhenTypingPauses.cancel();
      setDebounced('');
    },
  };

  const [sort] = sorting;
  const params: ServerTableParams<S> = {
    page: pageIndex + 1,
    limit: pageSize,
    // Only a sortable column sets the sorting, and those columns are named after the sort fields.
    ...(sort ? { sort: sort.id as S, order: sort.desc ? 'desc' : 'asc' } : {}),
    ...(debounced ? { search: debounced } : {}),
  };
  return { controls, params };
}
