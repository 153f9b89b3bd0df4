// The app's caches (src/domain/caches.ts): named, bounded by entry count, least recently used
// first out, and counted, as the bench reads them (cacheCounts).
import { describe, expect, it } from 'vitest';
import { BoundedCache, VariantCache, cacheCounts } from '../../src/domain/caches.js';
import { shownRows } from '../../src/domain/pageSort.js';

const countOf = (name: string) => cacheCounts().find((c) => c.name === name);

describe('a bounded cache', () => {
  it('keeps at most its capacity, the least recently used going first, and counts it all', () => {
    const cache = new BoundedCache<object, string>('test lru', 2);
    const [a, b, c] = [{}, {}, {}];
    cache.set(a, 'a');
    cache.set(b, 'b');
    expect(cache.get(a)).toBe('a');
    cache.set(c, 'c');
    expect(cache.size).toBe(2);
    // b was the least recently used: a was read after it.
    expect(cache.get(b)).toBeUndefined();
    expect(cache.get(a)).toBe('a');
    expect(cache.get(c)).toBe('c');
    expect(countOf('test lru')).toEqual({ name: 'test lru', capacity: 2, hits: 3, misses: 1, evictions: 1 });
  });

  it('caches of one name add up under it; through() works a value out only on a miss', () => {
    const one = new BoundedCache<string, number>('test shared', 4);
    const two = new BoundedCache<string, number>('test shared', 4);
    let made = 0;
    const make = () => ++made;
    expect(one.through('k', make)).toBe(1);
    expect(one.through('k', make)).toBe(1);
    expect(two.through('k', make)).toBe(2);
    expect(countOf('test shared')).toMatchObject({ hits: 1, misses: 2 });
  });

  it('a variant cache keeps one variant an object, and another variant is a miss', () => {
    const cache = new VariantCache<object, string>('test variants', 8);
    const row = {};
    let made = 0;
    expect(cache.through(row, 'w80', () => `80:${++made}`)).toBe('80:1');
    expect(cache.through(row, 'w80', () => `80:${++made}`)).toBe('80:1');
    expect(cache.through(row, 'w120', () => `120:${++made}`)).toBe('120:2');
    expect(countOf('test variants')).toMatchObject({ hits: 1, misses: 2 });
  });
});

describe('the caches keyed by a page', () => {
  it('the same page rows give back the same sorted array, so what is drawn from it is reused', () => {
    const rows = [{ userID: 'b' }, { userID: 'a' }];
    const list = { rows, filter: '', sort: { field: 'userID', desc: false } };
    const first = shownRows(list);
    expect(first.map((r) => (r as { userID: string }).userID)).toEqual(['a', 'b']);
    expect(shownRows({ ...list })).toBe(first);
    // Another array with the same rows is another page: worked out again.
    expect(shownRows({ ...list, rows: [...rows] })).not.toBe(first);
  });
});
