// Every cache of the app, in one place: each is named, bounded by entry count (least recently used
// goes first) and counted (hits, misses, evictions), and `cacheCounts()` gives the counters to the
// bench and the tests. Most are keyed by object identity: a row, a message, a page's rows array.
// That rests on one rule, which the types now state: a row and a page's rows are never copied
// (`readonly` arrays and rows, api/pages.ts), so the same page comes back as the same array
// (the scheduler's page cache hands it back as it was) and what was worked out for it still holds.
// A cache forgets an entry past its bound and works it out again: values are pure functions of the key.

/** One cache's counters, summed over the caches of that name (a table's caches are per table). */
export interface CacheCount {
  name: string;
  capacity: number;
  hits: number;
  misses: number;
  evictions: number;
}

const counts = new Map<string, CacheCount>();

/** The counters of every cache made so far, by name. @internal read by the bench (bench/run.ts) and the tests. */
export function cacheCounts(): CacheCount[] {
  return [...counts.values()].map((count) => ({ ...count }));
}

/** A least-recently-used map of at most `capacity` entries, counted under `name`. */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();
  private readonly count: CacheCount;

  constructor(
    name: string,
    private readonly capacity: number,
  ) {
    const known = counts.get(name);
    this.count = known ?? { name, capacity, hits: 0, misses: 0, evictions: 0 };
    if (!known) counts.set(name, this.count);
  }

  /** The value kept for `key` (a hit), unless there is none or it is not the one wanted (`usable`: a miss). */
  get(key: K, usable: (value: V) => boolean = () => true): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined || !usable(value)) {
      this.count.misses++;
      return undefined;
    }
    this.count.hits++;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
      this.count.evictions++;
    }
  }

  /** The value kept for `key`, else `make(key)`, kept. */
  through(key: K, make: (key: K) => V): V {
    const known = this.get(key);
    if (known !== undefined) return known;
    const made = make(key);
    this.set(key, made);
    return made;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * A value worked out for an object under a variant (`key`: the width, the query...): kept while
 * the variant asked for stays the same, one variant per object.
 */
export class VariantCache<K, V> {
  private readonly cache: BoundedCache<K, { variant: string; value: V }>;
  constructor(name: string, capacity: number) {
    this.cache = new BoundedCache(name, capacity);
  }

  through(key: K, variant: string, make: () => V): V {
    const hit = this.cache.get(key, (kept) => kept.variant === variant);
    if (hit) return hit.value;
    const value = make();
    this.cache.set(key, { variant, value });
    return value;
  }
}
