// A conversation's messages, newest first, opened from a conversation row (Enter) or printed by
// `history --user ID --conversation CID`: its columns, detail and CSV. How its pages are asked
// and read (by seq, from the read state, and what a real server answers) is historyPull.ts; its
// rows and gap rows are historyRows.ts.
import { contentTypeName, msgStatusName } from '../content/enums.js';
import { formatCount, formatTableTime, formatTimeZoned } from '../content/format.js';
import { ID_MAX, id, label } from '../domain/columns.js';
import { messageFrom, messageFromLine } from '../domain/sender.js';
import { BoundedCache } from '../domain/caches.js';
import { IDENTIFYING } from '../domain/tableLayout.js';
import { glyphs } from '../terminal/glyphs.js';
import { idText } from '../terminal/sanitize.js';
import { displayText } from '../terminal/settle.js';
import { truncate } from '../terminal/width.js';
import { messageCodes, messageState } from './fieldText.js';
import { historyOperation, type HistoryPlan } from './historyPull.js';
import { peerOf, readDetailText, unreadMark } from './historyRead.js';
import { contentText, messageContent, messageContentSummary } from './historyContent.js';
import { STATUS_DELETED, STATUS_SENT, isGap, type Gap, type HistoryRow, type Msg } from './historyRows.js';
import { drillListOf } from './parts.js';
import { textFlag, type DetailField, type DetailOwner, type RequestOf, type RowDetail } from './types.js';

interface HistoryQuery {
  conversationID: string;
  /** The unread count the conversations list showed on the row this was opened from (none in scripting). */
  listedUnread?: number;
  /** A group chat's group name, for the breadcrumb (not sent; unknown in scripting). */
  groupName?: string;
}

const decoded = new BoundedCache<Msg, string>('history summaries', 4096);
function summary(m: Msg): string {
  let text = decoded.get(m);
  if (text === undefined) {
    text = messageContentSummary(m.contentType, m.content);
    // A message not simply sent says so first, in words (sent is every ordinary row's).
    if (m.status !== STATUS_SENT && m.status !== 0) text = `${msgStatusName(m.status)} (status ${m.status}) · ${text}`;
    decoded.set(m, text);
  }
  return text;
}

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
  const state = messageState(row, { content: contentText(row.content) });
  lead.unshift({ label: 'state', value: row.status === STATUS_DELETED ? `${state} (the server still sent what it has of it)` : state });
  const read = readDetailText(row);
  if (read !== undefined) lead.splice(1, 0, { label: 'read', value: read });
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

/** A sender's nickname the terminal shows as sent; blank otherwise (a control character, an invalid one: the ID says who). */
const printableNickname = (m: Msg): string => (displayText(m.senderNickname) === m.senderNickname ? m.senderNickname : '');

/** A column of a message field (gap rows show `gapText` there). */
const msgColumn = (field: keyof Msg & string, title: string, priority: number, text: (m: Msg) => string, gapText: (g: Gap) => string = () => '') => ({
  ...label<HistoryRow>(field, title, priority, (row) => (isGap(row) ? gapText(row) : text(row))),
  field,
});

export const history = drillListOf<HistoryRow, HistoryQuery>({
  wire: {
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
    // A single chat's notice has both sides' read seqs on a second line (historyPull.ts): the page asked for fits under both.
    standingNotice: (query, ownerID) => (peerOf(query.conversationID, ownerID ?? '') === undefined ? 1 : 2),
  },
  table: {
    columns: [
      { ...msgColumn('seq', 'SEQ', IDENTIFYING, (m) => String(m.seq), seqText), max: ID_MAX, align: 'right' as const },
      // Unread by its receiver (`*`, no colour needed): past the owner's read seq, or the peer's for the owner's own; the notice line says whose read seq is whose.
      { key: 'unread', title: 'U', priority: IDENTIFYING, min: 1, max: 1, value: unreadMark },
      { ...msgColumn('sendTime', 'TIME', 2, () => ''), value: (row: HistoryRow, ctx: { now: Date }) => (isGap(row) ? '' : formatTableTime(row.sendTime, ctx.now)) },
      // The sender by ID, as the message search's FROM: a nickname is the sender's own words (the detail has it beside the ID).
      // Cut before the message is (an ellipsis says so), as the name it replaced was.
      { ...id<HistoryRow>('sendID', 'FROM', (row) => (isGap(row) ? '' : row.sendID)), field: 'sendID', priority: 3, whole: false, min: 8, max: 24 },
      // Beside the ID on a table 100 cells wide or more (120 columns; never at 80, where the message needs the room): the sender's nickname, when the terminal can show it as sent.
      // No field of its own: CSV and -o json carry senderNickname as sent (csv.after), this column only what the terminal shows.
      { key: 'name', title: 'NAME', priority: 5, min: 8, max: 16, wideFrom: 100, value: (row: HistoryRow) => (isGap(row) ? '' : printableNickname(row)) },
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
    completionWords: (row: HistoryRow) => (isGap(row) ? [String(row.gap.firstSeq)] : [row.sendID, String(row.seq)]),
    emptyText: () => 'no messages',
  },
  place: {
    // `:seq N`: page k holds seqs (max − k·size, max − (k−1)·size] (historyPull.ts seqRange); a gap row stands for each seq of its run.
    position: {
      word: 'seq',
      locate: (n: number, maxSeq: number, size: number) => (Number.isSafeInteger(n) && n >= 1 && n <= maxSeq ? { page: Math.floor((maxSeq - n) / size) + 1, identity: `seq:${n}` } : undefined),
      rowAt: (rows: readonly HistoryRow[], n: number) => {
        const gap = rows.find((row) => isGap(row) && row.gap.firstSeq <= n && n <= row.gap.lastSeq);
        return gap && isGap(gap) ? `gap:${gap.gap.firstSeq}` : `seq:${n}`;
      },
    },
    userNamed: (row: HistoryRow, ownerID: string | undefined) => (isGap(row) || row.sendID === ownerID ? undefined : row.sendID || undefined),
    drill: {
      parent: (q: HistoryQuery) => q.conversationID,
      crumb: (q: HistoryQuery) => `History of ${q.groupName ? `${truncate(displayText(q.groupName), 24)} (${idText(q.conversationID)})` : idText(q.conversationID)}`,
    },
  },
});
