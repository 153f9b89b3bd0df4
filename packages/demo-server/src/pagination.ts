// Paging rules shared by every list: Check() rejects a missing pagination or pageNumber < 1;
// anything else (showNumber <= 0, a page past the end) is a success with an empty (null) page.
import type { BoundValue, Pagination } from './bind.js';
import { isPagination } from './bind.js';
import { argsError, type CodeError } from './errors.js';

export function checkPagination(value: BoundValue | undefined): Pagination | CodeError {
  if (!isPagination(value)) return argsError('pagination is empty');
  if (value.pageNumber < 1) return argsError('pageNumber is invalid');
  return value;
}

/** Half-open index range of the page within `total` items, or undefined for an empty page. */
export function pageRange(total: number, p: Pagination): { start: number; end: number } | undefined {
  if (p.showNumber <= 0) return undefined;
  // Both factors are int32, so the product stays exact in a double.
  const start = (p.pageNumber - 1) * p.showNumber;
  if (start >= total) return undefined;
  return { start, end: Math.min(start + p.showNumber, total) };
}

export function pageOf<T>(items: readonly T[], p: Pagination): T[] {
  const range = pageRange(items.length, p);
  return range ? items.slice(range.start, range.end) : [];
}
