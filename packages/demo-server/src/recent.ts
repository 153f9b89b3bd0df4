// The last few answers of a pure function of (world, key), kept per world: what one page asks for
// twice (a history page reads its owner's conversations for its read state, then for its pull)
// is computed once. Small on purpose: a page never seen is computed, never found here.
import type { World } from './users.js';

/** A memo of the `size` most recently used keys per world; what it returns is shared, so never mutated. */
export function recentPerWorld<K, V>(size: number): (world: World, key: K, compute: () => V) => V {
  const byWorld = new WeakMap<World, Map<K, V>>();
  return (world, key, compute) => {
    let recent = byWorld.get(world);
    if (!recent) byWorld.set(world, (recent = new Map()));
    let value = recent.get(key);
    if (value !== undefined || recent.has(key)) recent.delete(key);
    else {
      value = compute();
      // A Map iterates in insertion order: the first key is the least recently used.
      if (recent.size >= size) recent.delete(recent.keys().next().value!);
    }
    recent.set(key, value as V);
    return value as V;
  };
}
