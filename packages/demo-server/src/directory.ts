// Resolves any stored user ID (ordinary or system) to its public card, the way the user RPC
// does for friend requests and blacks, and picks related users for generated relations.
import { findSystemAccount } from './accounts.js';
import type { Rng } from './prng.js';
import type { PublicUser, World } from './users.js';
import { publicUserAt, userIndexOf } from './users.js';

export function lookupUser(world: World, userID: string): PublicUser | undefined {
  const index = userIndexOf(world, userID);
  if (index !== undefined) return publicUserAt(world, index);
  const account = findSystemAccount(world, userID);
  return account && { userID: account.userID, nickname: account.nickname, faceURL: account.faceURL, ex: '' };
}

/**
 * Up to `count` distinct users other than `self`, forced ones first. Gives up on a slot after a
 * few collisions so tiny populations terminate with fewer relations instead of looping.
 */
export function pickOthers(world: World, rng: Rng, self: number, count: number, forced: readonly number[] = []): number[] {
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
    const index = rng.between(1, world.population);
    if (seen.has(index)) continue;
    seen.add(index);
    chosen.push(index);
  }
  return chosen;
}
