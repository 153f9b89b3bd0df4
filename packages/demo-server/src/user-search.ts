// get_users with its userID/nickName filters, as MongoDB runs it: every user whose ID matches the
// first regex OR whose nickname matches the second is counted (total = matches), and the page is
// cut from the matches in natural (index) order. Nothing is materialised but the page itself.
import type { Pagination } from './bind.js';
import { nicknameIndex, yieldToEventLoop } from './nickname-index.js';
import { pageRange } from './pagination.js';
import { userIdOf, type World } from './users.js';
import { CodeError } from './errors.js';

export interface UserFilters {
  userID?: RegExp;
  nickName?: RegExp;
}

/** Users scanned between two turns of the event loop. */
const SLICE = 65_536;

/**
 * A search's time budget, as a real server's query has one (MongoDB's maxTimeMS): a regex that
 * backtracks badly over a large demo is answered with the error such a server gives, instead of
 * holding the demo for minutes. OIE_DEMO_REGEX_BUDGET_MS changes it (tests). The budget is looked
 * at between two users: one test that backtracks for long on one name still runs to its end.
 */
export function regexBudgetMs(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.OIE_DEMO_REGEX_BUDGET_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : 3000;
}

/** What the server answers when the count ran past its time limit (mongoutil.FindPage counts first). */
export const queryTimeout = (): CodeError =>
  new CodeError(500, 'ServerInternalError', 'mongo failed to count documents in collection: mongo count: (MaxTimeMSExpired) operation exceeded time limit');

/** The total of matches and the indices of the users on the requested page, or the timeout's error. */
export async function searchUsers(
  world: World,
  filters: UserFilters,
  page: Pagination,
  budgetMs: number = regexBudgetMs(),
): Promise<{ total: number; indices: number[] } | CodeError> {
  const { userID, nickName } = filters;
  const endsAt = performance.now() + budgetMs;
  // The clock after every test: a test costs far more than a look at it once a pattern backtracks.
  const late = (): boolean => performance.now() > endsAt;
  let nameHit: Uint8Array | undefined;
  let nameOf: Uint32Array | undefined;
  if (nickName) {
    const index = await nicknameIndex(world);
    nameHit = new Uint8Array(index.names.length);
    for (let n = 0; n < index.names.length; n++) {
      if (late()) return queryTimeout();
      nameHit[n] = nickName.test(index.names[n]!) ? 1 : 0;
    }
    nameOf = index.nameOf;
  }
  // The page's bounds among the matches; no rows at all for showNumber <= 0.
  const range = pageRange(Number.MAX_SAFE_INTEGER, page);
  const indices: number[] = [];
  let total = 0;
  for (let start = 1; start <= world.population; start += SLICE) {
    const end = Math.min(world.population, start + SLICE - 1);
    for (let i = start; i <= end; i++) {
      if (userID !== undefined && late()) return queryTimeout();
      const match = (nameHit !== undefined && nameHit[nameOf![i - 1]!] === 1) || (userID !== undefined && userID.test(userIdOf(i)));
      if (!match) continue;
      if (range && total >= range.start && total < range.end) indices.push(i);
      total++;
    }
    if (end < world.population) await yieldToEventLoop();
  }
  return { total, indices };
}
