// get_users with its userID/nickName filters, as MongoDB runs it: every user whose ID matches the
// first regex OR whose nickname matches the second is counted (total = matches), and the page is
// cut from the matches in natural (index) order. Nothing is materialised but the page itself.
import type { Pagination } from './bind.js';
import { nicknameIndex, yieldToEventLoop } from './nickname-index.js';
import { pageRange } from './pagination.js';
import { userIdOf, type World } from './users.js';

export interface UserFilters {
  userID?: RegExp;
  nickName?: RegExp;
}

/** Users scanned between two turns of the event loop. */
const SLICE = 65_536;

/** The total of matches and the indices of the users on the requested page. */
export async function searchUsers(world: World, filters: UserFilters, page: Pagination): Promise<{ total: number; indices: number[] }> {
  const { userID, nickName } = filters;
  let nameHit: Uint8Array | undefined;
  let nameOf: Uint32Array | undefined;
  if (nickName) {
    const index = await nicknameIndex(world);
    nameHit = Uint8Array.from(index.names, (name) => (nickName.test(name) ? 1 : 0));
    nameOf = index.nameOf;
  }
  // The page's bounds among the matches; no rows at all for showNumber <= 0.
  const range = pageRange(Number.MAX_SAFE_INTEGER, page);
  const indices: number[] = [];
  let total = 0;
  for (let start = 1; start <= world.population; start += SLICE) {
    const end = Math.min(world.population, start + SLICE - 1);
    for (let i = start; i <= end; i++) {
      const match = (nameHit !== undefined && nameHit[nameOf![i - 1]!] === 1) || (userID !== undefined && userID.test(userIdOf(i)));
      if (!match) continue;
      if (range && total >= range.start && total < range.end) indices.push(i);
      total++;
    }
    if (end < world.population) await yieldToEventLoop();
  }
  return { total, indices };
}
