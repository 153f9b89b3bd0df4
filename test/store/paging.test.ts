import { describe, expect, it } from 'vitest';
import { hasNextPage, nextPageSize, pageCount, pageForNewSize } from '../../src/domain/paging.js';
import { pageSizeForRows } from '../../src/layout/frame.js';

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
  it('keeps the first row on screen across page size changes', () => {
    expect(pageForNewSize(3, 20, 50)).toBe(1); // row 41
    expect(pageForNewSize(3, 20, 10)).toBe(5); // row 41
    expect(nextPageSize(100, 1)).toBe(100);
    expect(nextPageSize(10, -1)).toBe(10);
  });
  it('picks the page size that fills the terminal', () => {
    expect(pageSizeForRows(24)).toBe(20);
    expect(pageSizeForRows(50)).toBe(50);
    expect(pageSizeForRows(12)).toBe(10);
    expect(pageSizeForRows(200)).toBe(100);
  });
});
