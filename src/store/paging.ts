// Paging arithmetic, kept apart so that exact totals (users) and estimated ones (conversations,
// where conversationTotal only counts conversations with a latest message) follow one rule.
import type { ListState } from './types.js';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Number of pages when known; for an estimated total, a lower bound that grows as pages load. */
export function pageCount(list: Pick<ListState, 'total' | 'size' | 'totalExact' | 'knownLastPage' | 'page'>): number {
  if (list.knownLastPage !== undefined) return list.knownLastPage;
  const byTotal = Math.max(1, Math.ceil(list.total / list.size));
  return list.totalExact ? byTotal : Math.max(byTotal, list.page);
}

export function hasNextPage(list: Pick<ListState, 'total' | 'size' | 'totalExact' | 'knownLastPage' | 'page'>): boolean {
  if (list.knownLastPage !== undefined) return list.page < list.knownLastPage;
  if (list.totalExact) return list.page * list.size < list.total;
  return true; // only a short page tells where an estimated list ends
}

/** The smallest page size that fills a terminal of this height (20 at 24 rows, 50 at 50). */
export function pageSizeForRows(rows: number): number {
  // The frame leaves one line free and takes five for header, breadcrumb, column titles, status, footer.
  const bodyRows = Math.max(1, rows - 6);
  return PAGE_SIZES.find((size) => size >= bodyRows) ?? PAGE_SIZES[PAGE_SIZES.length - 1]!;
}

/** After a page size change, the page that holds the row that was first on screen. */
export function pageForNewSize(page: number, oldSize: number, newSize: number): number {
  return Math.floor(((page - 1) * oldSize) / newSize) + 1;
}

export function nextPageSize(size: number, direction: 1 | -1): number {
  const sizes: readonly number[] = PAGE_SIZES;
  const at = sizes.indexOf(size);
  if (at < 0) return sizes[1]!;
  return sizes[Math.min(sizes.length - 1, Math.max(0, at + direction))]!;
}
