import { describe, expect, it } from 'vitest';
import { hasNextPage, isPageSize, nextPageSize, pageCount, pastTheEnd, positionForSize } from '../../src/domain/paging.js';

const rows = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('paging rules', () => {
  it('counts pages from an exact total, and from what was seen for an estimate', () => {
    expect(pageCount({ total: 2391, size: 20, totalExact: true, page: 3 })).toBe(120);
    expect(pageCount({ total: 30, size: 20, totalExact: false, page: 5 })).toBe(5);
    expect(pageCount({ total: 30, size: 20, totalExact: false, page: 2, knownLastPage: 4 })).toBe(4);
  });
  it('knows the next page exists only while the total or the pages seen say so', () => {
    expect(hasNextPage({ total: 40, size: 20, totalExact: true, page: 2 })).toBe(false);
    expect(hasNextPage({ total: 0, size: 20, totalExact: false, page: 7 })).toBe(true);
    expect(hasNextPage({ total: 0, size: 20, totalExact: false, page: 3, knownLastPage: 3 })).toBe(false);
  });
  it('before the first page arrived, a step is not refused: nothing is known yet', () => {
    // A fresh list: total 0, exact. "Already on the last page" would be a guess.
    expect(hasNextPage({ total: 0, size: 20, totalExact: true, page: 1, loadedPage: null })).toBe(true);
    expect(hasNextPage({ total: 0, size: 20, totalExact: true, page: 1, loadedPage: 1 })).toBe(false);
  });
});

describe('past the end of a list', () => {
  it('an empty page after a full last page goes back one page, which is the last', () => {
    // 240 conversations, the estimate says 236: page 13 of 20 comes back empty.
    expect(pastTheEnd({ rows: [], total: 236 }, 13, 20)).toEqual({ page: 12, lastPage: 12 });
  });
  it('an empty page far past the end goes to the last page the total vouches for', () => {
    expect(pastTheEnd({ rows: [], total: 236 }, 20, 20)).toEqual({ page: 12, lastPage: undefined });
    expect(pastTheEnd({ rows: [], total: 0 }, 20, 20)).toEqual({ page: 1, lastPage: undefined });
  });
  it('is not past the end with rows, or on page 1 (an empty list is a list)', () => {
    expect(pastTheEnd({ rows: rows(3), total: 236 }, 13, 20)).toBeUndefined();
    expect(pastTheEnd({ rows: [], total: 0 }, 1, 20)).toBeUndefined();
  });
});

describe('page sizes', () => {
  it('keeps the selected row across size changes (absolute row index)', () => {
    // Page 3 of 20 per page, cursor on its 10th row: row 49 (user_000050).
    expect(positionForSize(3, 20, 9, 50)).toEqual({ page: 1, cursor: 49 });
    expect(positionForSize(3, 20, 9, 10)).toEqual({ page: 5, cursor: 9 });
    expect(positionForSize(3, 20, 9, 18)).toEqual({ page: 3, cursor: 13 });
    expect(positionForSize(1, 50, 49, 20)).toEqual({ page: 3, cursor: 9 });
  });
  it('steps through 10, 20, 50, 100 and the size that fits the terminal', () => {
    expect(nextPageSize(18, 1, 18)).toBe(20);
    expect(nextPageSize(20, -1, 18)).toBe(18);
    expect(nextPageSize(18, -1, 18)).toBe(10);
    expect(nextPageSize(50, -1)).toBe(20);
    expect(nextPageSize(100, 1)).toBe(100);
    expect(nextPageSize(10, -1)).toBe(10);
    expect(nextPageSize(7, 1, 7)).toBe(10);
  });
  it('accepts any whole size from 1 to 1000 (the server caps none)', () => {
    expect([1, 18, 34, 1000].every(isPageSize)).toBe(true);
    expect([0, -1, 1.5, 1001, NaN].some(isPageSize)).toBe(false);
  });
});
