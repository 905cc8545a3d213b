export { DataTable, type DataTableProps, type TableLoadError, type TableQueryState } from './data-table';
export { DataTableColumnHeader } from './data-table-column-header';
export { DataTablePagination } from './data-table-pagination';
export { DateTimeCell } from './date-time-cell';
export { editActionColumn } from './edit-action-column';
export { matchesSearch } from './matches-search';
export { getPageRange, getShownRange, type PageRangeItem } from './page-range';
export { StatusBadgeCell } from './status-badge-cell';
export { useLoadError } from './use-load-error';
export {
  SEARCH_DEBOUNCE_MS,
  type ServerTableControls,
  type ServerTableParams,
  useServerTableState,
} from './use-server-table-state';
export { STATUS_FILTERS, type StatusFilter, StatusFilterSelect, statusParam } from './status-filter';
