// Picks related users for generated relations (friend requests, blacks).
import type { Rng } from './prng.js';
import type { World } from './users.js';

/**
 * Up to `count` distinct users other than `self`, forced ones first, the rest from `draw` (by
 * default anyone). Gives up on a slot after a few collisions so tiny populations terminate with
 * fewer relations instead of looping.
 */
export function pickOthers(
  world: World,
  rng: Rng,
  self: number,
  count: number,
  forced: readonly number[] = [],
  draw: () => number = () => rng.between(1, world.population),
): number[] {
  const chosen: number[] = [];
  const seen = new Set<number>([self]);
  for (const index of forced) {
    if (chosen.length >= count) break;
    if (index <= world.population && !seen.has(index)) {
      seen.add(index);
      chosen.push(index);
    }
  }
  for (let attempts = 0; chosen.length < count && attempts < count * 4 + 8; attempts++) {
    const index = draw();
    if (seen.has(index)) continue;
    seen.add(index);
    chosen.push(index);
  }
  return chosen;
}
