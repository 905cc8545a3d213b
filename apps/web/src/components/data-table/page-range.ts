export type PageRangeItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The page buttons of a pagination bar: the first page, the last page, the current
 * page with `siblings` neighbours on each side, and an ellipsis wherever pages are skipped. Pages
 * are 1-based. An ellipsis never stands for a single page: that page is shown instead, so the bar
 * keeps the same number of slots while the current page moves.
 */
export function getPageRange(currentPage: number, pageCount: number, siblings = 1): PageRangeItem[] {
  if (pageCount <= 0) return [];
  const current = Math.min(Math.max(1, Math.trunc(currentPage)), pageCount);
  // first + last + current + 2 siblings + 2 ellipses
  const slots = 2 * siblings + 5;
  if (pageCount <= slots) return Array.from({ length: pageCount }, (_, index) => index + 1);

  const start = Math.max(current - siblings, 2);
  const end = Math.min(current + siblings, pageCount - 1);
  const showStartEllipsis = start > 3;
  const showEndEllipsis = end < pageCount - 2;

  if (!showStartEllipsis) {
    // Near the start: 1 2 3 4 5 … N
    const left = Array.from({ length: slots - 2 }, (_, index) => index + 1);
    return [...left, 'ellipsis-end', pageCount];
  }
  if (!showEndEllipsis) {
    // Near the end: 1 … N-4 N-3 N-2 N-1 N
    const right = Array.from({ length: slots - 2 }, (_, index) => pageCount - (slots - 3) + index);
    return [1, 'ellipsis-start', ...right];
  }
  const middle = Array.from({ length: end - start + 1 }, (_, index) => start + index);
  return [1, 'ellipsis-start', ...middle, 'ellipsis-end', pageCount];
}

/** 'Mostrando X a Y de N': the 1-based positions of the first and last rows of a page. */
export function getShownRange(pageIndex: number, pageSize: number, total: number) {
  if (total <= 0) return { from: 0, to: 0 };
  const from = pageIndex * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(from + pageSize - 1, total) };
}
