// Paging rules, one home for each: the page sizes, where a list ends (exact totals for users,
// estimated ones for conversations, whose conversationTotal counts only conversations with a
// latest message), how many pages there are, and which page holds a row after a size change.
import type { Page } from '../api/schemas.js';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
/** Rows per page where no terminal says how many fit (scripting, a profile without pageSize). */
export const DEFAULT_PAGE_SIZE = 20;
/** Rows per request when walking a whole list (`--all`, the explorer's export): fewer round trips. */
export const WALK_PAGE_SIZE = 100;

export interface PagePosition {
  page: number;
  size: number;
  total: number;
  totalExact: boolean;
  /** The last page, once a short page has shown where an estimated list ends. */
  knownLastPage?: number;
}

/**
 * THE end-of-list rule. Page `page` of `size` rows, which came back with `rowCount` rows, is the
 * last one when it is short, or when an exact total says nothing follows it. An estimated total
 * only learns where the list ends from a short page.
 */
export function isLastPage(result: Pick<Page<unknown>, 'rows' | 'total' | 'totalExact'>, page: number, size: number): boolean {
  return result.rows.length < size || exactEndReached(result.total, result.totalExact, page, size);
}

function exactEndReached(total: number, totalExact: boolean, page: number, size: number): boolean {
  return totalExact && page * size >= total;
}

/** Whether a page after `list.page` exists, as far as the list knows before asking. */
export function hasNextPage(list: PagePosition): boolean {
  if (list.knownLastPage !== undefined) return list.page < list.knownLastPage;
  return !exactEndReached(list.total, list.totalExact, list.page, list.size);
}

/** For an estimated total: the last page once `page` came back and showed where the list ends. */
export function learnedLastPage(
  result: Pick<Page<unknown>, 'rows' | 'total' | 'totalExact'>,
  page: number,
  size: number,
  known: number | undefined,
): number | undefined {
  if (result.totalExact) return undefined;
  return isLastPage(result, page, size) ? page : known;
}

/** Number of pages when known; for an estimated total, a lower bound that grows as pages load. */
export function pageCount(list: PagePosition): number {
  if (list.knownLastPage !== undefined) return list.knownLastPage;
  const byTotal = Math.max(1, Math.ceil(list.total / list.size));
  return list.totalExact ? byTotal : Math.max(byTotal, list.page);
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

export function isPageSize(n: number): boolean {
  return (PAGE_SIZES as readonly number[]).includes(n);
}
