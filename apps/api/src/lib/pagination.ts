import { LIST_DEFAULT_LIMIT } from '@funil/shared';

/** A list query's paging part, as the shared list schemas parse it (absent means not asked). */
export type PageQuery = { page?: number; limit?: number };

/** The rows a page covers; `null` asks for every row (catalogue and user lists without paging). */
export type PageWindow = { limit: number; offset: number } | null;

/** Every list's answer: `{data, total, page, limit}` (docs/api.md, General). */
export type ListPage<T> = { data: T[]; total: number; page: number; limit: number };

/**
 * One list page: the count and the page's rows are asked for together, not one after the other.
 * Without `page` and `limit` the list answers every row on one page (`limit` = `total`); with
 * either, pages of `limit` rows (LIST_DEFAULT_LIMIT unless given), starting at page 1.
 */
export async function paginate<T>(
  query: PageQuery,
  countRows: () => Promise<number>,
  pageRows: (window: PageWindow) => Promise<T[]>,
): Promise<ListPage<T>> {
  const isPaged = query.page !== undefined || query.limit !== undefined;
  const page = query.page ?? 1;
  const limit = query.limit ?? LIST_DEFAULT_LIMIT;
  const [total, data] = await Promise.all([
    countRows(),
    pageRows(isPaged ? { limit, offset: (page - 1) * limit } : null),
  ]);
  return { data, total, page, limit: isPaged ? limit : total };
}
