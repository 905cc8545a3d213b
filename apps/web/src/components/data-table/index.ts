export { DataTable, DEFAULT_PAGE_SIZES, type DataTableProps } from './data-table';
export { DataTableColumnHeader } from './data-table-column-header';
export { DataTablePagination } from './data-table-pagination';
export { matchesSearch, normalizeSearchText } from './matches-search';
export { getPageRange, getShownRange, type PageRangeItem } from './page-range';
