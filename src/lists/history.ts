// A conversation's messages, newest first, opened from a conversation row (Enter) or printed by
// `history --user ID --conversation CID`. Paged by sequence: page k is the k-th block of `size`
// seqs down from the max seq. Page 1 reads the read state (max seq, read up to) and pulls the
// newest seqs at once (newestAtOnce); a later page counts its block from the read state its conversation's page 1 last
// read (the anchor), so it is one request and the pages do not shift as new messages arrive; a
// later page with no anchor (scripting's `--page`) reads the read state first. A deleted seq comes
// back as a placeholder (status 4, nothing else: GetMessageBySeqs), seqs below the min seq do not
// come back at all; each run of either shows as one gap row that says which, never as a missing page.
import * as z from 'zod/mini';
import type { OpenIMClient } from '../api/client.js';
import type { PageOperation } from '../api/pages.js';
import { ProtocolError } from '../api/errors.js';
import { schemaParts, type Page } from '../api/schemas.js';
import { contentTypeName } from '../content/enums.js';
import { formatCount, formatTableTime, formatTimeZoned } from '../content/format.js';
import { ID_MAX, id, label } from '../domain/columns.js';
import { messageFrom, messageFromLine } from '../domain/sender.js';
import { IDENTIFYING } from '../domain/tableLayout.js';
import { glyphs } from '../terminal/glyphs.js';
import { idText } from '../terminal/sanitize.js';
import { messageCodes } from './fieldText.js';
import { contentText, messageContent, messageContentSummary } from './historyContent.js';
import { textFlag, type DetailField, type DetailOwner, type ListDef, type RequestOf, type RowDetail } from './types.js';

const { str, intOr, list, or } = schemaParts;

const msgSchema = z.looseObject({
  sendID: str,
  recvID: str,
  groupID: str,
  clientMsgID: str,
  serverMsgID: str,
  senderPlatformID: intOr(0),
  senderNickname: str,
  senderFaceURL: str,
  sessionType: intOr(0),
  msgFrom: intOr(0),
  contentType: intOr(0),
  /** Bytes in the protocol: base64 in JSON (contentText() gives the JSON text). */
  content: str,
  seq: intOr(0),
  /** Milliseconds. */
  sendTime: intOr(0),
  createTime: intOr(0),
  status: intOr(0),
  ex: str,
});
type Msg = z.infer<typeof msgSchema>;

/**
 * A run of seqs with no message, newest first like the messages around them: `deleted`, the server
 * answered each with a placeholder (kept as sent, for -o json); `absent`, it did not return them.
 */
interface Gap {
  gap: { firstSeq: number; lastSeq: number; kind: 'deleted' | 'absent'; reason: string };
  placeholders?: Msg[];
}
type HistoryRow = Msg | Gap;
const isGap = (row: HistoryRow): row is Gap => 'gap' in row && typeof (row as Gap).gap === 'object';

/** MsgStatusHasDeleted (protocol constant.go:398; MsgDeleted, the status of a message the user deleted for themselves, is 4 too). */
const STATUS_DELETED = 4;
/**
 * What the server sends for a seq it no longer holds: status 4 and nothing but the seq (and the
 * send time of an earlier message). A status-4 row with any text in it (a sender, an ID, content)
 * is a message (one the user deleted for themselves keeps its sender): it stays a row, marked deleted.
 */
const isPlaceholder = (m: Msg): boolean =>
  m.status === STATUS_DELETED && [m.sendID, m.recvID, m.groupID, m.serverMsgID, m.clientMsgID, m.senderNickname, m.content, m.ex].every((f) => f === '');

const pulledSchema = z.looseObject({ Msgs: list(msgSchema), isEnd: schemaParts.bool, endSeq: intOr(0) });
const byConversation = <S extends z.ZodMiniType>(item: S) => or(z.record(z.string(), item), {} as Record<string, z.output<S>>);
const pullSchema = z.looseObject({ msgs: byConversation(pulledSchema), notificationMsgs: byConversation(pulledSchema) });
const readStateSchema = z.looseObject({
  seqs: byConversation(z.looseObject({ maxSeq: intOr(0), hasReadSeq: intOr(0), maxSeqTime: intOr(0) })),
});

interface HistoryQuery {
  conversationID: string;
  /** The unread count the conversations list showed on the row this was opened from (none in scripting). */
  listedUnread?: number;
}

/** What history's operation is handed: the page it plans, not the wire body (each page says what it sent). */
interface HistoryPlan {
  userID: string;
  conversationID: string;
  page: number;
  size: number;
  listedUnread?: number;
}

const ABSENT_REASON = 'not returned (cleared, below the min seq)';
const DELETED_REASON = 'status 4, the server keeps only the seq';

const decoded = new WeakMap<Msg, string>();
function summary(m: Msg): string {
  let text = decoded.get(m);
  if (text === undefined) {
    text = messageContentSummary(m.contentType, m.content);
    if (m.status === STATUS_DELETED) text = `deleted (status 4) · ${text}`;
    decoded.set(m, text);
  }
  return text;
}

/** The seq range of page `page` of `size` seqs, newest first, under `maxSeq`; undefined past the first seq. */
function seqRange(maxSeq: number, page: number, size: number): { begin: number; end: number } | undefined {
  const end = maxSeq - (page - 1) * size;
  if (end < 1) return undefined;
  return { begin: Math.max(1, end - size + 1), end };
}

const absent = (firstSeq: number, lastSeq: number): Gap => ({ gap: { firstSeq, lastSeq, kind: 'absent', reason: ABSENT_REASON } });

/**
 * The page's rows: its messages newest first, a gap row for each run of placeholders (deleted) and
 * for each run of seqs in [begin, end] that the server did not return (absent).
 */
function withGaps(msgs: readonly Msg[], begin: number, end: number): HistoryRow[] {
  const bySeq = [...msgs].filter((m) => m.seq >= begin && m.seq <= end).sort((a, b) => b.seq - a.seq);
  const rows: HistoryRow[] = [];
  let next = end;
  let deleted: (Gap & { placeholders: Msg[] }) | undefined;
  for (const m of bySeq) {
    if (m.seq > next) continue; // a seq returned twice
    if (m.seq < next) {
      rows.push(absent(m.seq + 1, next));
      deleted = undefined;
    }
    if (!isPlaceholder(m)) {
      rows.push(m);
      deleted = undefined;
    } else if (deleted) {
      deleted.gap.firstSeq = m.seq;
      deleted.placeholders.push(m);
    } else {
      rows.push((deleted = { gap: { firstSeq: m.seq, lastSeq: m.seq, kind: 'deleted', reason: DELETED_REASON }, placeholders: [m] }));
    }
    next = m.seq - 1;
  }
  if (next >= begin) rows.push(absent(begin, next));
  return rows;
}

/**
 * The read state's words for the notice line, with the list's unread count beside it when known.
 * A disagreement comes first, marked `!` (the line is cut at its end on a narrow terminal); a read
 * seq past the max seq (less than nothing unread) is said as such, never clamped to 0.
 */
function readStateText(state: { maxSeq: number; hasReadSeq: number }, listedUnread: number | undefined): string {
  const sep = ` ${glyphs().separator} `;
  // A read seq no double holds exactly: said so, and no unread count made from it.
  if (!Number.isSafeInteger(state.hasReadSeq)) return [`max seq ${formatCount(state.maxSeq)}`, `read seq past ${formatCount(Number.MAX_SAFE_INTEGER)} (2^53 - 1): not exact, no unread count`].join(sep);
  const unread = state.maxSeq - state.hasReadSeq;
  const seqs = [`max seq ${formatCount(state.maxSeq)}`, `read up to ${formatCount(state.hasReadSeq)}`];
  const bySeq = unread < 0 ? `read past max seq by ${formatCount(-unread)}` : `${formatCount(unread)} unread by seq`;
  if (listedUnread === undefined) return [...seqs, bySeq].join(sep);
  if (listedUnread === unread) return [...seqs, `${formatCount(unread)} unread (list agrees)`].join(sep);
  const said = unread < 0 ? `seqs say ${formatCount(unread)} (read past max seq)` : `seqs say ${formatCount(unread)}`;
  return [`! unread disagrees: list says ${formatCount(listedUnread)}, ${said}`, ...seqs].join(sep);
}

type ReadState = z.infer<typeof readStateSchema>['seqs'][string];

/**
 * The read state each conversation's pages count their seq blocks from, per connection: set by
 * every page that reads it (page 1 always does), read by the pages after it. Bounded: a
 * conversation not paged lately reads its read state again.
 */
const anchors = new WeakMap<OpenIMClient, Map<string, ReadState>>();
const ANCHORS_KEPT = 64;
const anchorKey = (plan: HistoryPlan): string => JSON.stringify([plan.userID, plan.conversationID]);

function anchorOf(client: OpenIMClient, plan: HistoryPlan): ReadState | undefined {
  return plan.page > 1 ? anchors.get(client)?.get(anchorKey(plan)) : undefined;
}

function anchor(client: OpenIMClient, plan: HistoryPlan, state: ReadState): void {
  let kept = anchors.get(client);
  if (!kept) anchors.set(client, (kept = new Map()));
  const key = anchorKey(plan);
  kept.delete(key);
  kept.set(key, state);
  if (kept.size > ANCHORS_KEPT) kept.delete(kept.keys().next().value!);
}

async function readState(client: OpenIMClient, plan: HistoryPlan, signal: AbortSignal | undefined): Promise<ReadState> {
  const read = await client.call(
    'getConversationsHasReadAndMaxSeq',
    '/msg/get_conversations_has_read_and_max_seq',
    { userID: plan.userID, conversationIDs: [plan.conversationID] },
    readStateSchema,
    signal,
  );
  const state = read.seqs[plan.conversationID] ?? { maxSeq: 0, hasReadSeq: 0, maxSeqTime: 0 };
  if (!Number.isSafeInteger(state.maxSeq)) throw new ProtocolError(UNPAGEABLE_SEQ, { operation: 'getConversationsHasReadAndMaxSeq', operationID: '' });
  anchor(client, plan, state);
  return state;
}

/**
 * A max seq past 2^53 - 1 (9223372036854775807, 1e300) is refused in words: as a double it is
 * rounded (`9,223,372,036,854,776,000`), a pull would send it back as `1e+300`, and the pages under
 * it could not be told apart. (A read seq that large only says so on the notice line.)
 */
const UNPAGEABLE_SEQ = `the read state's maxSeq is past ${formatCount(Number.MAX_SAFE_INTEGER)} (2^53 - 1): seqs that large cannot be paged exactly`;

/** A pull of seqs [begin, end] of one conversation, newest first. */
const pullBody = (plan: HistoryPlan, begin: number, end: number, num: number) => ({
  userID: plan.userID,
  seqRanges: [{ conversationID: plan.conversationID, begin, end, num }],
  order: 1,
});

async function pull(client: OpenIMClient, plan: HistoryPlan, sent: object, signal: AbortSignal | undefined): Promise<readonly Msg[]> {
  const pulled = await client.call('pullMsgBySeq', '/msg/pull_msg_by_seq', sent, pullSchema, signal);
  // Only an `n_` conversation's come back under notificationMsgs (the server decides by the prefix,
  // sync_msg.go:36): read both, as a server deciding by session type would answer there.
  return pulled.msgs[plan.conversationID]?.Msgs ?? pulled.notificationMsgs[plan.conversationID]?.Msgs ?? [];
}

/**
 * Page 1's read state and its pull at once: the pull asks for the newest `size` seqs (an end past
 * any max seq, which the server clips to the max seq, then keeps the newest `num`: GetMsgBySeqsRange,
 * contract §11). Its rows stand only when its newest seq is the read state's max seq; otherwise
 * (the newest message deleted, or a message arrived between the two) undefined, and the exact
 * range is pulled after. Not for an `n_` conversation: the server lists every seq of its range.
 */
async function newestAtOnce(client: OpenIMClient, plan: HistoryPlan, signal: AbortSignal | undefined) {
  const sent = pullBody(plan, 1, Number.MAX_SAFE_INTEGER, plan.size);
  const [read, pulled] = await Promise.allSettled([readState(client, plan, signal), pull(client, plan, sent, signal)]);
  // The read state's failure is the page's, as when it is read first.
  if (read.status === 'rejected') throw read.reason;
  if (pulled.status === 'rejected') throw pulled.reason;
  const newest = pulled.value.reduce((top, m) => Math.max(top, m.seq), 0);
  return { state: read.value, ...(newest === read.value.maxSeq && newest > 0 ? { msgs: pulled.value, sent } : {}) };
}

const historyOperation: PageOperation<HistoryRow> = {
  name: 'pullMsgBySeq',
  path: '/msg/pull_msg_by_seq',
  totalExact: true,
  plans: true,
  async send(client: OpenIMClient, body: object, signal?: AbortSignal): Promise<Page<HistoryRow>> {
    const plan = body as HistoryPlan;
    const first = plan.page === 1 && !plan.conversationID.startsWith('n_') ? await newestAtOnce(client, plan, signal) : undefined;
    const state = first?.state ?? anchorOf(client, plan) ?? (await readState(client, plan, signal));
    const figures = { total: state.maxSeq, totalExact: true, extra: { maxSeq: state.maxSeq, hasReadSeq: state.hasReadSeq }, notice: readStateText(state, plan.listedUnread) };
    const range = seqRange(state.maxSeq, plan.page, plan.size);
    if (!range) return { rows: [], ...figures };
    const sent = first?.sent ?? pullBody(plan, range.begin, range.end, range.end - range.begin + 1);
    const msgs = first?.msgs ?? (await pull(client, plan, sent, signal));
    return { rows: withGaps(msgs, range.begin, range.end), spans: range.end - range.begin + 1, sent: { path: historyOperation.path, body: sent }, ...figures };
  },
};

const seqText = (row: HistoryRow): string => (isGap(row) ? (row.gap.firstSeq === row.gap.lastSeq ? String(row.gap.firstSeq) : `${row.gap.firstSeq}${glyphs().range}${row.gap.lastSeq}`) : String(row.seq));
/** A gap row's words: `seqs 41–45 deleted: …`, `seq 3 absent: …`. */
const gapText = (gap: Gap): string => `${gap.gap.firstSeq === gap.gap.lastSeq ? 'seq' : 'seqs'} ${seqText(gap)} ${gap.gap.kind}: ${gap.gap.reason}`;

function historyDetail(row: HistoryRow, owner: DetailOwner): RowDetail {
  if (isGap(row)) {
    const { firstSeq, lastSeq, kind, reason } = row.gap;
    const count = `${formatCount(lastSeq - firstSeq + 1)} ${firstSeq === lastSeq ? 'seq' : 'seqs'}`;
    return {
      title: `${firstSeq === lastSeq ? 'Seq' : 'Seqs'} ${seqText(row)} ${kind}`,
      lead: [
        kind === 'deleted'
          ? { label: 'deleted', value: `${count} the server answered with a placeholder: ${reason}; no sender, no content` }
          : { label: 'absent', value: `${count} the server did not return: ${reason}` },
      ],
      sections: [
        {
          title: 'Gap',
          fields: [
            { label: 'firstSeq', value: String(firstSeq) },
            { label: 'lastSeq', value: String(lastSeq) },
            // The server stamps a placeholder with the nearest earlier stored message's time (FindSeqs), not the seq's own.
            ...(row.placeholders?.[0] ? [{ label: 'sendTime', value: `${formatTimeZoned(row.placeholders[0].sendTime, owner.now)} (an earlier message's, as the server stamps a placeholder)` }] : []),
          ],
        },
      ],
    };
  }
  const from = messageFrom({ sendID: row.sendID, senderName: row.senderNickname, sessionType: row.sessionType }, owner.id, owner.name);
  const lead: DetailField[] = [
    { label: 'from', value: messageFromLine(from, idText) },
    { label: row.groupID ? 'in' : 'to', value: row.groupID || row.recvID ? idText(row.groupID || row.recvID) : '(none)' },
    { label: 'time', value: formatTimeZoned(row.sendTime, owner.now) },
  ];
  if (row.status === STATUS_DELETED) lead.unshift({ label: 'status', value: '4: deleted (the server still sent what it has of it)' });
  return {
    title: `Message ${row.seq}${row.status === STATUS_DELETED ? ' (deleted)' : ''}`,
    lead,
    content: messageContent(row.contentType, row.content),
    sections: [
      {
        title: 'Message',
        fields: [
          ...messageCodes(row),
          { label: 'createTime', value: formatTimeZoned(row.createTime, owner.now) },
        ],
      },
      {
        title: 'Raw fields (as the server sent them)',
        fields: [
          { label: 'serverMsgID', value: row.serverMsgID || '(none)' },
          { label: 'clientMsgID', value: row.clientMsgID || '(none)' },
          { label: 'sendID', value: row.sendID || '(none)' },
          { label: 'recvID', value: row.recvID || '(none)' },
          { label: 'groupID', value: row.groupID || '(none)' },
          { label: 'senderNickname', value: row.senderNickname || '(none)' },
          { label: 'ex', value: row.ex || '(empty)' },
        ],
      },
    ],
  };
}

/** A column of a message field (gap rows show `gapText` there). */
const msgColumn = (field: keyof Msg & string, title: string, priority: number, text: (m: Msg) => string, gapText: (g: Gap) => string = () => '') => ({
  ...label<HistoryRow>(field, title, priority, (row) => (isGap(row) ? gapText(row) : text(row))),
  field,
});

export const history = {
  operation: historyOperation,
  body: (request: RequestOf<HistoryQuery>): HistoryPlan => ({
    userID: request.userID ?? '',
    conversationID: request.query.conversationID,
    page: request.page,
    size: request.size,
    ...(request.query.listedUnread !== undefined ? { listedUnread: request.query.listedUnread } : {}),
  }),
  query: {
    initial: { conversationID: '' },
    narrowed: () => false,
    label: () => '',
    fromFlags: (f) => ({ conversationID: textFlag(f, 'conversation') ?? '' }),
  },
  columns: [
    { ...msgColumn('seq', 'SEQ', IDENTIFYING, (m) => String(m.seq), seqText), max: ID_MAX, align: 'right' as const },
    { ...msgColumn('sendTime', 'TIME', 2, () => ''), value: (row: HistoryRow, ctx: { now: Date }) => (isGap(row) ? '' : formatTableTime(row.sendTime, ctx.now)) },
    // The sender by ID, as the message search's FROM: a nickname is the sender's own words (the detail has it beside the ID).
    // Cut before the message is (an ellipsis says so), as the name it replaced was.
    { ...id<HistoryRow>('sendID', 'FROM', (row) => (isGap(row) ? '' : row.sendID)), field: 'sendID', priority: 3, whole: false, min: 8, max: 24 },
    msgColumn('contentType', 'TYPE', 4, (m) => contentTypeName(m.contentType)),
    {
      key: 'summary',
      title: 'MESSAGE',
      priority: 2,
      min: 16,
      value: (row: HistoryRow) => (isGap(row) ? gapText(row) : summary(row)),
    },
  ],
  detail: historyDetail,
  csv: {
    after: [
      ...(['senderNickname', 'recvID', 'groupID', 'sessionType', 'status', 'serverMsgID', 'clientMsgID'] as const).map((name) => ({
        name,
        value: (row: HistoryRow) => (isGap(row) ? '' : row[name]),
      })),
      // The decoded one-line summary; a gap row's words.
      { name: 'summary', value: (row: HistoryRow) => (isGap(row) ? gapText(row) : summary(row)) },
      { name: 'content', value: (row: HistoryRow) => (isGap(row) ? '' : contentText(row.content)) },
      { name: 'gap', value: (row: HistoryRow) => (isGap(row) ? `${row.gap.firstSeq}-${row.gap.lastSeq}` : '') },
      { name: 'gapKind', value: (row: HistoryRow) => (isGap(row) ? row.gap.kind : '') },
    ],
  },
  identity: (row: HistoryRow) => (isGap(row) ? `gap:${row.gap.firstSeq}` : `seq:${row.seq}`),
  // A gap has no message ID: its seq range is how the server knows it (`Y` copies `41-45`).
  rowID: (row: HistoryRow) => (isGap(row) ? `${row.gap.firstSeq}-${row.gap.lastSeq}` : row.serverMsgID),
  userNamed: (row: HistoryRow, ownerID: string | undefined) => (isGap(row) || row.sendID === ownerID ? undefined : row.sendID || undefined),
  completionWords: (row: HistoryRow) => (isGap(row) ? [String(row.gap.firstSeq)] : [row.sendID, String(row.seq)]),
  emptyText: () => 'no messages',
  standingNotice: true,
  drill: {
    parent: (q: HistoryQuery) => q.conversationID,
    crumb: (q: HistoryQuery) => `History of ${idText(q.conversationID)}`,
  },
} satisfies ListDef<HistoryRow, never, HistoryQuery>;
