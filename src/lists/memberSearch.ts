// A search of a group's members, done here rather than by the server: get_group_member_list's
// `keyword` reaches the search with the group ID and the keyword swapped (openim-api.md §12.17
// item 1), so on every released server it answers no rows, and even swapped back it would match
// the stored group nickname only. A text that is a user ID is looked up exactly
// (get_group_members_info); any other text, or one that names no member, is matched on the
// client against each member's user ID and nickname, walking the member list a large page at a
// time, up to a bound, saying how far it got, stopped by the operator's Esc with what it found;
// the next page of a search goes on from the walk of the page before it.
import { MEMBERS_INFO } from './membersInfo.js';
import { ApiError } from '../api/errors.js';
import type { OpenIMClient } from '../api/client.js';
import type { PageOperation, PageProgress } from '../api/pages.js';
import type { Page, SentRequest } from '../api/schemas.js';
import { formatCount } from '../content/format.js';

/** Members read at most by one search: a group bigger than this is searched in its first ones. */
/** The exact lookup's operation (§12.7): the lookup members.ts sends, and the request a page says it sent. */

export const MEMBER_SEARCH_MAX = 10_000;
/** Members asked for a request by the walk (the server caps no showNumber: §4). */
const WALK_PAGE = 500;
/** Named in every search's notice: why the server's own search is not used. */
export const SERVER_SEARCH_DEFECT = "the server's own search swaps group ID and keyword (finds none)";

/** What members.ts hands the operation for a searched page: the plan, not a wire body. */
export interface MemberSearchPlan {
  groupID: string;
  search: string;
  regex: boolean;
  page: number;
  size: number;
}

interface Member {
  userID: string;
  nickname: string;
}

const isPlan = (body: object): body is MemberSearchPlan => typeof (body as Partial<MemberSearchPlan>).search === 'string';

/** What a member must have to match: the user ID or the nickname contains the text (case ignored), or matches the regex. */
export function memberMatcher(search: string, regex: boolean): (m: Member) => boolean {
  if (regex) {
    const pattern = new RegExp(search, 'u');
    return (m) => pattern.test(m.userID) || pattern.test(m.nickname);
  }
  const text = search.toLowerCase();
  return (m) => m.userID.toLowerCase().includes(text) || m.nickname.toLowerCase().includes(text);
}

/** Why a regex cannot be used, in words; undefined when it can. */
export function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch (error) {
    return `not a regex this search can use: ${error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error)}`;
  }
}

/** A text that may be a user ID: one word, not a regex. */
const mayBeUserID = (plan: MemberSearchPlan): boolean => !plan.regex && /^\S+$/u.test(plan.search);

/** The group's member list, with the search above it for a plan (`list`: get_group_member_list). */
export function memberSearchOperation<Row extends Member>(list: PageOperation<Row>, lookup: (client: OpenIMClient, groupID: string, userID: string, signal?: AbortSignal) => Promise<Row[]>): PageOperation<Row> {
  return {
    name: list.name,
    path: list.path,
    totalExact: list.totalExact,
    ...(list.reply ? { reply: list.reply } : {}),
    plans: true,
    async send(client, body, signal, progress) {
      if (!isPlan(body)) return { ...(await list.send(client, body, signal)), sent: { path: list.path, body } };
      if (mayBeUserID(body)) {
        const found = await exactMember(client, lookup, body, signal);
        if (found) return found;
      }
      return walk(client, list, body, signal, progress);
    },
  };
}

async function exactMember<Row extends Member>(
  client: OpenIMClient,
  lookup: (client: OpenIMClient, groupID: string, userID: string, signal?: AbortSignal) => Promise<Row[]>,
  p: MemberSearchPlan,
  signal: AbortSignal | undefined,
): Promise<Page<Row> | undefined> {
  const sent: SentRequest = { path: MEMBERS_INFO.path, body: { groupID: p.groupID, userIDs: [p.search] } };
  let rows: Row[];
  try {
    rows = await lookup(client, p.groupID, p.search, signal);
  } catch (error) {
    // A server without the route, or one refusing it: the walk still answers; a lost token does not.
    if (signal?.aborted || !(error instanceof ApiError) || error.isAuth) throw error;
    return undefined;
  }
  // Rows come in any order, non-members dropped: the one asked for, by ID.
  const member = rows.find((m) => m.userID === p.search);
  if (!member) return undefined;
  return { rows: p.page === 1 ? [member] : [], total: 1, totalExact: true, notice: `the member with user ID ${p.search} (looked up exactly); ${SERVER_SEARCH_DEFECT}`, sent };
}

/**
 * How far a search's walk got: where a later page of it picks up. Page 1, and a page asked for
 * again (a reload, a live refresh), walk afresh.
 */
interface WalkState {
  key: string;
  /** The page it last answered. */
  page: number;
  found: Member[];
  read: number;
  total: number;
  next: number;
  ended: boolean;
  sent: SentRequest;
}

/** The last whole walk per connection: the next page of that search, and scripting's `--all`, go on from it. */
const lastWalks = new WeakMap<OpenIMClient, WalkState>();

async function walk<Row extends Member>(client: OpenIMClient, list: PageOperation<Row>, p: MemberSearchPlan, signal: AbortSignal | undefined, progress: PageProgress | undefined): Promise<Page<Row>> {
  const matches = memberMatcher(p.search, p.regex);
  const key = JSON.stringify([p.groupID, p.search, p.regex]);
  const last = lastWalks.get(client);
  const from: WalkState =
    last?.key === key && p.page > last.page
      ? { ...last, page: p.page, found: [...last.found] }
      : { key, page: p.page, found: [], read: 0, total: 0, next: 1, ended: false, sent: { path: list.path, body: { groupID: p.groupID, pagination: { pageNumber: 1, showNumber: WALK_PAGE } } } };
  const state = from;
  // The rows are the list's own (they came from `list`): the state keeps them as members.
  const found = state.found as Row[];
  // One more than the page: whether a next page exists.
  const wanted = p.page * p.size + 1;
  let stopped = false;
  while (!state.ended && found.length < wanted && state.read < MEMBER_SEARCH_MAX) {
    if (progress?.stop.aborted) {
      stopped = true;
      break;
    }
    const body = { groupID: p.groupID, pagination: { pageNumber: state.next, showNumber: WALK_PAGE } };
    let got: Page<Row>;
    try {
      got = await list.send(client, body, stoppable(signal, progress?.stop));
    } catch (error) {
      if (progress?.stop.aborted && !signal?.aborted) {
        stopped = true;
        break;
      }
      throw error;
    }
    state.sent = { path: list.path, body };
    state.next++;
    state.total = got.total;
    const before = state.read;
    state.read += got.rows.length;
    found.push(...got.rows.filter(matches));
    progress?.report(`searching members: ${formatCount(state.read)} of ${formatCount(state.total)} read, ${formatCount(found.length)} found`);
    state.ended = got.rows.length < WALK_PAGE || state.read >= state.total || state.read === before;
  }
  if (!stopped) lastWalks.set(client, state);
  const { read, total, ended } = state;
  const bounded = !ended && !stopped && read >= MEMBER_SEARCH_MAX && found.length < wanted;
  const what = ended
    ? `all ${formatCount(read)} members searched here`
    : stopped
      ? `stopped: ${formatCount(read)} of ${formatCount(total)} members searched`
      : bounded
        ? `the first ${formatCount(read)} of ${formatCount(total)} members searched (the bound)`
        : `${formatCount(read)} of ${formatCount(total)} members searched for this page`;
  const start = (p.page - 1) * p.size;
  return {
    rows: found.slice(start, start + p.size),
    total: found.length,
    totalExact: ended,
    notice: `${what}; ${SERVER_SEARCH_DEFECT}`,
    sent: state.sent,
    ...(stopped ? { stopped: true as const } : {}),
  };
}

/** A signal that aborts with the request's, or when the operator stops the walk. */
function stoppable(signal: AbortSignal | undefined, stop: AbortSignal | undefined): AbortSignal | undefined {
  if (!stop) return signal;
  if (!signal) return stop;
  return AbortSignal.any([signal, stop]);
}
