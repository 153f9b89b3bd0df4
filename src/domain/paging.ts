// Paging rules, one home for each: the page sizes, where a list ends (exact totals for users,
// estimated ones for conversations, whose conversationTotal counts only conversations with a
// latest message), what to show when a page past the end comes back empty, how many pages there
// are, and where a row goes after a size change.
import type { Page } from '../api/schemas.js';

/** The sizes `+` and `-` step through, with the size that fits the terminal among them. */
export const PAGE_SIZE_STEPS = [10, 20, 50, 100] as const;
/**
 * The largest page asked for. The server sets no maximum (showNumber is not validated), but a
 * very large page can exceed its 4 MiB gRPC reply limit (errCode 8).
 */
export const MAX_PAGE_SIZE = 1000;
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
  knownLastPage?: number | undefined;
  /** The page whose rows are on screen; null before the first one arrived (nothing is known yet). */
  loadedPage?: number | null;
}

/**
 * THE end-of-list rule. Page `page` of `size` rows, which came back with `rowCount` rows, is the
 * last one when it is short, or when an exact total says nothing follows it. An estimated total
 * only learns where the list ends from a short page.
 */
export function isLastPage(result: Pick<Page<unknown>, 'rows' | 'total' | 'totalExact' | 'spans'>, page: number, size: number): boolean {
  return (result.spans ?? result.rows.length) < size || exactEndReached(result.total, result.totalExact, page, size);
}

function exactEndReached(total: number, totalExact: boolean, page: number, size: number): boolean {
  return totalExact && page * size >= total;
}

/** Whether a page after `list.page` exists, as far as the list knows before asking. */
export function hasNextPage(list: PagePosition): boolean {
  // Before the first page arrives the total is unknown: a step is asked for, and the end-of-list
  // rule (pastTheEnd) brings it back if there was nothing.
  if (list.loadedPage === null) return true;
  if (list.knownLastPage !== undefined) return list.page < list.knownLastPage;
  return !exactEndReached(list.total, list.totalExact, list.page, list.size);
}

/** For an estimated total: the last page once `page` came back and showed where the list ends. */
export function learnedLastPage(
  result: Pick<Page<unknown>, 'rows' | 'total' | 'totalExact' | 'spans'>,
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

/** The last page the total vouches for: exact, or for an estimate the last one surely not empty. */
export function lastPageByTotal(list: Pick<PagePosition, 'total' | 'size'>): number {
  return Math.max(1, Math.ceil(list.total / list.size));
}

export interface EndOfList {
  /** The page to show instead: the last one that is not empty, as far as the list can tell. */
  page: number;
  /** The list's last page, when the empty page came right after it. */
  lastPage: number | undefined;
}

/**
 * THE rule for a page past the end: page `page` came back empty (a step past a full last page of
 * conversations, whose total is an estimate; `:page 20`; a list that shrank). An empty page is
 * never shown as if it were the list: the list goes back to the page before it, or to the last
 * page the total vouches for when that is nearer. Undefined when the page is not past the end.
 */
export function pastTheEnd(result: Pick<Page<unknown>, 'rows' | 'total'>, page: number, size: number): EndOfList | undefined {
  if (result.rows.length > 0 || page <= 1) return undefined;
  const back = Math.min(page - 1, lastPageByTotal({ total: result.total, size }));
  return { page: back, lastPage: back === page - 1 ? back : undefined };
}

/**
 * After a page size change, where the row at `cursor` of `page` (absolute index
 * (page - 1) * size + cursor) is: the same row stays selected.
 */
export function positionForSize(page: number, size: number, cursor: number, newSize: number): { page: number; cursor: number } {
  const row = (Math.max(1, page) - 1) * size + Math.max(0, cursor);
  return { page: Math.floor(row / newSize) + 1, cursor: row % newSize };
}

/** The next size up or down from `size`, among the steps and the size that fits the terminal. */
export function nextPageSize(size: number, direction: 1 | -1, fit?: number): number {
  const steps = [...new Set<number>([...PAGE_SIZE_STEPS, ...(fit !== undefined && isPageSize(fit) ? [fit] : [])])].sort((a, b) => a - b);
  const next = direction === 1 ? steps.find((s) => s > size) : steps.reverse().find((s) => s < size);
  return next ?? size;
}

/** Any whole number of rows from 1 to MAX_PAGE_SIZE. */
export function isPageSize(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_PAGE_SIZE;
}
