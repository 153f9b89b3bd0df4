// A conversation's read state beside the unread count the conversations list says: one
// /msg/get_conversations_has_read_and_max_seq for a page of conversations (the list's page extra,
// `readState`), whether a row is in fault (its read state disagrees with its unread count, or its
// read seq is past its max seq: an "unread badge stuck" ticket), and the walk behind the fault
// toggle, which reads the user's whole list to show only the rows in fault.
import type { OpenIMClient } from '../api/client.js';
import { getReadStates } from '../api/operations.js';
import type { PageOperation } from '../api/pages.js';
import type { Conversation, Page } from '../api/schemas.js';
import { formatCount } from '../content/format.js';
import { glyphs } from '../terminal/glyphs.js';
import { listedUnread } from './ownerConversations.js';


/** What the server says of one conversation's read state. */
export interface ReadSeqs {
  maxSeq: number;
  hasReadSeq: number;
}


/** The read state of these conversations of the user, by conversation ID: one request (the route is not paged). */
export async function readStates(client: OpenIMClient, userID: string, conversationIDs: readonly string[], signal: AbortSignal | undefined): Promise<Map<string, ReadSeqs>> {
  const seqs = await getReadStates(client, userID, conversationIDs, signal);
  const states = new Map<string, ReadSeqs>();
  for (const id of conversationIDs) {
    // A conversation the server says nothing of has nothing to compare: no mark.
    const s = Object.hasOwn(seqs, id) ? seqs[id] : undefined;
    if (s) states.set(id, { maxSeq: s.maxSeq, hasReadSeq: s.hasReadSeq });
  }
  return states;
}

/**
 * Whether a read state is in fault: its read seq past its max seq (less than nothing unread), or,
 * where the list said one, an unread count other than max seq − read seq.
 */
export function isReadFault(state: ReadSeqs, listed: number | undefined): boolean {
  const unread = state.maxSeq - state.hasReadSeq;
  return unread < 0 || (listed !== undefined && listed !== unread);
}

/** A seq or a count of seqs: past 2^53 it is not exact anyway, so three digits of it (a hostile 1e300 cannot push the other facts off the line). */
const seqCount = (n: number): string => (Number.isSafeInteger(n) ? formatCount(n) : n.toPrecision(3));

/**
 * The read state in words (a history's notice line, a conversation's detail), with the list's
 * unread count beside it when known. A disagreement comes first, flagged `!`, in words short
 * enough that every fact stays whole at 80 columns; a read seq past the max seq (less than
 * nothing unread) is said as such, never clamped to 0.
 */
export function readStateText(state: ReadSeqs, listedUnread: number | undefined): string {
  const sep = ` ${glyphs().separator} `;
  // A read seq no double holds exactly: said so (short enough for 80 columns), and no unread count made from it.
  if (!Number.isSafeInteger(state.hasReadSeq)) return [`! read seq past 2^53: not exact, no unread count`, `max seq ${seqCount(state.maxSeq)}`].join(sep);
  const unread = state.maxSeq - state.hasReadSeq;
  const seqs = [`max seq ${seqCount(state.maxSeq)}`, `read up to ${seqCount(state.hasReadSeq)}`];
  const bySeq = unread < 0 ? `read past max seq by ${seqCount(-unread)}` : `${seqCount(unread)} unread by seq`;
  if (listedUnread === undefined) return [...seqs, bySeq].join(sep);
  if (listedUnread === unread) return [...seqs, `${seqCount(unread)} unread (list agrees)`].join(sep);
  const said = `seqs ${seqCount(unread)}${unread < 0 ? ' (past max)' : ''}`;
  return [`! unread: list ${seqCount(listedUnread)}, ${said}`, ...seqs].join(sep);
}

/** A conversation row with its read state, once the page extra (or the fault walk) read it. */
export type ConversationRow = Conversation & { readState?: ReadSeqs };

/** Whether the row is in fault; undefined when its read state was not read. */
export function rowInFault(row: ConversationRow): boolean | undefined {
  return row.readState === undefined ? undefined : isReadFault(row.readState, listedUnread(row));
}

/** The table's mark for a row: `!` in fault, blank when it agrees, `?` when its read state was not read. */
export const faultMark = (row: ConversationRow): string => {
  const fault = rowInFault(row);
  return fault === undefined ? '?' : fault ? '!' : '';
};

/** Rows per request of the fault walk, and how many requests it makes at most. */
export const WALK_SIZE = 100;
export const WALK_PAGES = 50;

/** The page figures that say what a page's check found (the user summary reads them). */
export const FAULTS_FOUND = 'readFaults';
export const FAULTS_CHECKED = 'readChecked';
/** Set on a page of the fault walk: its figures are the whole list's, not the page's. */
export const FAULTS_WHOLE = 'readFaultsWhole';

/** The body of a page with only the rows in fault: the list's body, marked (never sent as it is: the walk sends its own pages). */
export interface FaultsBody {
  userID: string;
  pagination: { pageNumber: number; showNumber: number };
  conversationIDs?: readonly string[];
  onlyReadFaults: true;
}

const isFaultsBody = (body: object): body is FaultsBody => (body as Partial<FaultsBody>).onlyReadFaults === true;

/**
 * The conversations operation with the fault toggle: a body marked `onlyReadFaults` walks the
 * user's list (WALK_SIZE rows a request, each with one read-state request, at most WALK_PAGES),
 * keeps the rows in fault and answers the page asked for of those. The total is exact once the
 * walk reached the end; a list longer than the walk says how far it checked.
 */
export function withFaultWalk(base: PageOperation<Conversation>): PageOperation<ConversationRow> {
  return {
    name: base.name,
    path: base.path,
    totalExact: base.totalExact,
    ...(base.reply ? { reply: base.reply } : {}),
    async send(client, body, signal): Promise<Page<ConversationRow>> {
      if (!isFaultsBody(body)) return base.send(client, body, signal);
      const { userID, pagination, conversationIDs } = body;
      const faults: ConversationRow[] = [];
      let checked = 0;
      let first: Page<Conversation> | undefined;
      let sent: { path: string; body: object } | undefined;
      let ended = false;
      for (let number = 1; number <= WALK_PAGES && !ended; number++) {
        const wire = { userID, pagination: { pageNumber: number, showNumber: WALK_SIZE }, ...(conversationIDs?.length ? { conversationIDs } : {}) };
        const page = await base.send(client, wire, signal);
        first ??= page;
        sent = page.sent ?? { path: base.path, body: wire };
        ended = page.rows.length < WALK_SIZE;
        if (page.rows.length === 0) break;
        const states = await readStates(client, userID, page.rows.map((c) => c.conversationID), signal);
        checked += page.rows.length;
        for (const row of page.rows) {
          const readState = states.get(row.conversationID);
          if (readState && isReadFault(readState, listedUnread(row))) faults.push({ ...row, readState });
        }
      }
      const from = (pagination.pageNumber - 1) * pagination.showNumber;
      const cut = ended ? undefined : `checked the first ${formatCount(checked)} conversations for read faults (the walk stops there)`;
      const notice = [first?.notice, cut].filter(Boolean).join('; ');
      return {
        rows: faults.slice(from, from + pagination.showNumber),
        total: faults.length,
        totalExact: true,
        extra: { ...first?.extra, [FAULTS_FOUND]: faults.length, [FAULTS_CHECKED]: checked, [FAULTS_WHOLE]: ended ? 1 : 0 },
        ...(notice ? { notice } : {}),
        ...(sent ? { sent } : {}),
      };
    },
  };
}

/** A page's own check (the page extra): its rows in fault and its rows checked, as page figures. */
export function pageFaultFigures(rows: readonly ConversationRow[]): Record<string, number> {
  const checked = rows.filter((r) => r.readState !== undefined);
  return { [FAULTS_FOUND]: checked.filter((r) => rowInFault(r) === true).length, [FAULTS_CHECKED]: checked.length };
}

/** What the user summary says of the read faults found: of every page checked, or of the whole walk. */
export interface FaultCount {
  found: number;
  checked: number;
  whole: boolean;
  /** Each page's own check, by its page and size (a page read again replaces its own). */
  byPage?: Readonly<Record<string, readonly [found: number, checked: number]>>;
}

/**
 * The faults after a page's figure: a page that checked nothing keeps what was found before; the
 * whole walk's count replaces the pages', which it outlives; a page's own adds to the other pages
 * of its size (another size pages other rows: its count starts again).
 */
export function mergeFaults<F extends { faults?: FaultCount }>(before: F | undefined, next: F, where: { page: number; size: number }): F {
  const was = before?.faults;
  if (!next.faults) return was ? { ...next, faults: was } : next;
  if (next.faults.whole) return next;
  if (was?.whole) return { ...next, faults: was };
  const prefix = `${where.size}:`;
  const kept = Object.entries(was?.byPage ?? {}).filter(([key]) => key.startsWith(prefix));
  const byPage = Object.fromEntries([...kept, [`${prefix}${where.page}`, [next.faults.found, next.faults.checked] as const]]) as Record<string, readonly [number, number]>;
  const sum = (i: 0 | 1): number => Object.values(byPage).reduce((n, counts) => n + counts[i], 0);
  return { ...next, faults: { found: sum(0), checked: sum(1), whole: false, byPage } };
}

/**
 * The summary's words for the faults found: `2 read faults in 30 checked`, short `!2/30` (none at
 * all in the short form: at 80 columns the other tabs' figures need the room more than a zero).
 */
export function faultWords(f: FaultCount): { long: string; short: string } {
  const faults = `${formatCount(f.found)} read ${f.found === 1 ? 'fault' : 'faults'}`;
  if (f.whole) return { long: `${faults} (all ${formatCount(f.checked)} checked)`, short: `!${formatCount(f.found)} (all)` };
  return { long: `${faults} in ${formatCount(f.checked)} checked`, short: f.found === 0 ? '' : `!${formatCount(f.found)}/${formatCount(f.checked)}` };
}
