// History's operation: what a page of a conversation's messages asks and how it reads the answers.
// Paged by sequence: page k is the k-th block of `size` seqs down from the max seq. Page 1 reads
// the read state (max seq, read up to) and pulls the newest seqs at once (newestAtOnce); a later
// page counts its block from what its conversation's page 1 last read (the anchor), so it is one
// request and the pages do not shift as new messages arrive; a later page with no anchor
// (scripting's `--page`) reads the read state first.
//
// What a real server answers that the pages must not misread (contract §12.17 items 5 and 6):
// - a user with no record of the conversation gets no messages and no error: the conversation is
//   simply absent from `msgs` (sync_msg.go:37-41). On the newest block that is said as such, never
//   as "cleared"; below it an absent range is the cleared part (below the user's min seq);
// - rows come ascending whatever `order` says and `endSeq` is 0: neither is read (historyRows.ts
//   orders the rows, the anchor says where the list ends);
// - empty maps are `null` (the release) or absent (main): both read as empty;
// - the read state may fail where the pull works (a server without the route: 404; main's
//   owner-or-admin check: 1002; a fault): the page still shows its messages, counted from the
//   newest seq the pull returned, and its notice says the read state's failure in words.
import * as z from 'zod/mini';
import type { OpenIMClient } from '../api/client.js';
import { ProtocolError, firstLine, isApiFailure } from '../api/errors.js';
import { getReadStates } from '../api/operations.js';
import type { PageOperation } from '../api/pages.js';
import { schemaParts, type Page } from '../api/schemas.js';
import { formatCount } from '../content/format.js';
import { glyphs } from '../terminal/glyphs.js';
import { displayText } from '../terminal/settle.js';
import { msgSchema, withGaps, type HistoryRow, type Msg } from './historyRows.js';
import { readStateText } from './readFaults.js';

const { list, or } = schemaParts;

// `isEnd` and `endSeq` are left unread: `endSeq` is always 0, and the max seq says where the list ends.
const pulledSchema = z.looseObject({ Msgs: list(msgSchema) });
/** A map by conversation ID: `null` when empty on the release, absent on main (§12.0). */
const byConversation = <S extends z.ZodMiniType>(item: S) => or(z.record(z.string(), item), {} as Record<string, z.output<S>>);
const pullSchema = z.looseObject({ msgs: byConversation(pulledSchema), notificationMsgs: byConversation(pulledSchema) });

/** What history's operation is handed: the page it plans, not the wire body (each page says what it sent). */
export interface HistoryPlan {
  userID: string;
  conversationID: string;
  page: number;
  size: number;
  /** The unread count the conversations list showed on the row this was opened from (none in scripting). */
  listedUnread?: number;
}

/**
 * What a conversation's pages count their seqs from: its read state, or, when that could not be
 * read, the newest seq the pull returned and the read state's failure in words.
 */
interface Anchor {
  maxSeq: number;
  hasReadSeq?: number;
  failure?: string;
}

/** A pull's answer for the conversation; `present` false when the server left it out of both maps. */
interface Pulled {
  msgs: readonly Msg[];
  present: boolean;
}

export const NO_RECORD = 'this user has no record of this conversation: the server returns no messages for it, and no error (check the user and the conversation ID)';
const NO_RECORD_PAGE = { noRecord: true } as const;
type NoRecord = typeof NO_RECORD_PAGE;

/**
 * The read state's failure in words with what to do, for the notice line; a failure the page
 * cannot do without (cancelled, the token refused, not a server's answer at all) is thrown again.
 */
function readStateFailure(error: unknown): string {
  if (!isApiFailure(error) || (error.kind === 'api' && error.isAuth)) throw error;
  const said = (text: string): string => displayText(firstLine(text)).slice(0, 60);
  switch (error.kind) {
    case 'http':
      return error.status === 404 ? 'HTTP 404, not served here (an older server)' : `HTTP ${error.status}, reload to retry`;
    case 'api':
      return error.errCode === 1002
        ? `1002 ${said(error.errMsg)}, owner or admin only (as main checks): connect as the admin`
        : `${error.errCode} ${said(error.errMsg)}, reload to retry`;
    case 'network':
      return `${said(error.message.replace(/^[^:]*: /, ''))}, reload to retry`;
    case 'protocol':
      return `unreadable reply (${said(error.problem)})`;
  }
}

/**
 * The read state's words for the notice line (readFaults.ts says a read state it has); a read state
 * that failed comes first, and the max seq is then the newest message's.
 */
function readStateLine(anchor: Anchor, listedUnread: number | undefined): string {
  if (anchor.hasReadSeq === undefined) return [`! read state: ${anchor.failure ?? 'not read'}`, 'unread unknown', `max seq ${formatCount(anchor.maxSeq)} (the newest message's)`].join(` ${glyphs().separator} `);
  return readStateText({ maxSeq: anchor.maxSeq, hasReadSeq: anchor.hasReadSeq }, listedUnread);
}

/** The seq range of page `page` of `size` seqs, newest first, under `maxSeq`; undefined past the first seq. */
function seqRange(maxSeq: number, page: number, size: number): { begin: number; end: number } | undefined {
  const end = maxSeq - (page - 1) * size;
  if (end < 1) return undefined;
  return { begin: Math.max(1, end - size + 1), end };
}

/**
 * The anchor each conversation's pages count their seq blocks from, per connection: set by every
 * page that reads it (page 1 always does), read by the pages after it. Bounded: a conversation not
 * paged lately reads its read state again.
 */
const anchors = new WeakMap<OpenIMClient, Map<string, Anchor>>();
const ANCHORS_KEPT = 64;
const anchorKey = (plan: HistoryPlan): string => JSON.stringify([plan.userID, plan.conversationID]);

function anchorOf(client: OpenIMClient, plan: HistoryPlan): Anchor | undefined {
  return plan.page > 1 ? anchors.get(client)?.get(anchorKey(plan)) : undefined;
}

function remember(client: OpenIMClient, plan: HistoryPlan, anchor: Anchor): Anchor {
  let kept = anchors.get(client);
  if (!kept) anchors.set(client, (kept = new Map()));
  const key = anchorKey(plan);
  kept.delete(key);
  kept.set(key, anchor);
  if (kept.size > ANCHORS_KEPT) kept.delete(kept.keys().next().value!);
  return anchor;
}

async function readState(client: OpenIMClient, plan: HistoryPlan, signal: AbortSignal | undefined): Promise<Anchor> {
  const seqs = await getReadStates(client, plan.userID, [plan.conversationID], signal);
  const state = Object.hasOwn(seqs, plan.conversationID) ? seqs[plan.conversationID] : undefined;
  return { maxSeq: state?.maxSeq ?? 0, hasReadSeq: state?.hasReadSeq ?? 0 };
}

/** A pull of seqs [begin, end] of one conversation; `order` asks newest first, which the server ignores for the rows. */
const pullBody = (plan: HistoryPlan, begin: number, end: number, num: number) => ({
  userID: plan.userID,
  seqRanges: [{ conversationID: plan.conversationID, begin, end, num }],
  order: 1,
});

async function pull(client: OpenIMClient, plan: HistoryPlan, sent: object, signal: AbortSignal | undefined): Promise<Pulled> {
  const pulled = await client.call('pullMsgBySeq', '/msg/pull_msg_by_seq', sent, pullSchema, signal);
  // Only an `n_` conversation's come back under notificationMsgs (the server decides by the prefix,
  // sync_msg.go:36): read both, as a server deciding by session type would answer there.
  const found = pulled.msgs[plan.conversationID] ?? pulled.notificationMsgs[plan.conversationID];
  return { msgs: found?.Msgs ?? [], present: found !== undefined };
}

const newestSeq = (msgs: readonly Msg[]): number => msgs.reduce((top, m) => Math.max(top, m.seq), 0);

/**
 * Page 1's read state and its pull at once: the pull asks for the newest `size` seqs (an end past
 * any max seq, which the server clips to the max seq, then keeps the newest `num`: GetMsgBySeqsRange,
 * contract §11). Its rows stand when its newest seq is the read state's max seq, or when the read
 * state failed (the newest seq is then the anchor); otherwise (the newest message deleted, or a
 * message arrived between the two) the exact range is pulled after. Not for an `n_` conversation:
 * the server lists every seq of its range.
 */
async function newestAtOnce(client: OpenIMClient, plan: HistoryPlan, signal: AbortSignal | undefined) {
  const sent = pullBody(plan, 1, Number.MAX_SAFE_INTEGER, plan.size);
  const [read, pulled] = await Promise.allSettled([readState(client, plan, signal), pull(client, plan, sent, signal)]);
  const failure = read.status === 'rejected' ? readStateFailure(read.reason) : undefined;
  if (pulled.status === 'rejected') throw pulled.reason;
  if (!pulled.value.present) return { ...NO_RECORD_PAGE, sent };
  const newest = newestSeq(pulled.value.msgs);
  const anchor = remember(client, plan, read.status === 'fulfilled' ? read.value : { maxSeq: newest, ...(failure ? { failure } : {}) });
  return { anchor, ...(newest === anchor.maxSeq && newest > 0 ? { msgs: pulled.value.msgs, sent } : {}) };
}

/** A page's anchor read on its own: the read state, else the newest seq (a pull of one) with the read state's failure. */
async function readAnchor(client: OpenIMClient, plan: HistoryPlan, signal: AbortSignal | undefined): Promise<Anchor | NoRecord> {
  let failure: string;
  try {
    return remember(client, plan, await readState(client, plan, signal));
  } catch (error) {
    // An `n_` conversation's pull lists every seq of its range, unclipped: only the read state has its max seq.
    if (plan.conversationID.startsWith('n_')) throw error;
    failure = readStateFailure(error);
  }
  const newest = await pull(client, plan, pullBody(plan, 1, Number.MAX_SAFE_INTEGER, 1), signal);
  if (!newest.present) return NO_RECORD_PAGE;
  return remember(client, plan, { maxSeq: newestSeq(newest.msgs), failure });
}

/**
 * A max seq past 2^53 - 1 (9223372036854775807, 1e300) is refused in words: as a double it is
 * rounded (`9,223,372,036,854,776,000`), a pull would send it back as `1e+300`, and the pages under
 * it could not be told apart. (A read seq that large only says so on the notice line.)
 */
const UNPAGEABLE_SEQ = `the read state's maxSeq is past ${formatCount(Number.MAX_SAFE_INTEGER)} (2^53 - 1): seqs that large cannot be paged exactly`;

const noRecordPage = (sent: object | undefined): Page<HistoryRow> => ({
  rows: [],
  total: 0,
  totalExact: true,
  notice: NO_RECORD,
  ...(sent ? { sent: { path: historyOperation.path, body: sent } } : {}),
});

export const historyOperation: PageOperation<HistoryRow> = {
  name: 'pullMsgBySeq',
  path: '/msg/pull_msg_by_seq',
  totalExact: true,
  plans: true,
  async send(client: OpenIMClient, body: object, signal?: AbortSignal): Promise<Page<HistoryRow>> {
    const plan = body as HistoryPlan;
    const first = plan.page === 1 && !plan.conversationID.startsWith('n_') ? await newestAtOnce(client, plan, signal) : undefined;
    if (first && 'noRecord' in first) return noRecordPage(first.sent);
    const anchor = first?.anchor ?? anchorOf(client, plan) ?? (await readAnchor(client, plan, signal));
    if ('noRecord' in anchor) return noRecordPage(undefined);
    if (!Number.isSafeInteger(anchor.maxSeq)) throw new ProtocolError(UNPAGEABLE_SEQ, { operation: 'getConversationsHasReadAndMaxSeq', operationID: '' });
    const extra = { maxSeq: anchor.maxSeq, ...(anchor.hasReadSeq !== undefined ? { hasReadSeq: anchor.hasReadSeq } : {}) };
    const figures = { total: anchor.maxSeq, totalExact: true, extra, notice: readStateLine(anchor, plan.listedUnread) };
    const range = seqRange(anchor.maxSeq, plan.page, plan.size);
    if (!range) return { rows: [], ...figures };
    const sent = first?.sent ?? pullBody(plan, range.begin, range.end, range.end - range.begin + 1);
    const pulled = first?.msgs ? { msgs: first.msgs, present: true } : await pull(client, plan, sent, signal);
    // Left out of the newest block: the user has no record of it (below it, the cleared part is a gap row).
    if (!pulled.present && range.end >= anchor.maxSeq) return noRecordPage(sent);
    return { rows: withGaps(pulled.msgs, range.begin, range.end), spans: range.end - range.begin + 1, sent: { path: historyOperation.path, body: sent }, ...figures };
  },
};
