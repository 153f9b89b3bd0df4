// A conversation's messages, newest first, opened from a conversation row (Enter) or printed by
// `history --user ID --conversation CID`: its columns, detail and CSV. How its pages are asked
// and read (by seq, from the read state, and what a real server answers) is historyPull.ts; its
// rows and gap rows are historyRows.ts.
import { decodeContent } from '../content/decode.js';
import { contentTypeName } from '../content/enums.js';
import { formatCount, formatTableTime, formatTimeZoned } from '../content/format.js';
import { ID_MAX, label } from '../domain/columns.js';
import { messageFrom, messageFromLine } from '../domain/sender.js';
import { contentSummary } from '../domain/summary.js';
import { IDENTIFYING } from '../domain/tableLayout.js';
import { glyphs } from '../terminal/glyphs.js';
import { messageCodes } from './fieldText.js';
import { historyOperation, type HistoryPlan } from './historyPull.js';
import { STATUS_DELETED, contentText, isGap, type Gap, type HistoryRow, type Msg } from './historyRows.js';
import { drillListOf } from './parts.js';
import { textFlag, type DetailField, type DetailOwner, type RequestOf, type RowDetail } from './types.js';

interface HistoryQuery {
  conversationID: string;
  /** The unread count the conversations list showed on the row this was opened from (none in scripting). */
  listedUnread?: number;
}

const decoded = new WeakMap<Msg, string>();
function summary(m: Msg): string {
  let text = decoded.get(m);
  if (text === undefined) {
    text = contentSummary(m.contentType, contentText(m.content));
    if (m.status === STATUS_DELETED) text = `deleted (status 4) · ${text}`;
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
    { label: 'from', value: messageFromLine(from) },
    { label: row.groupID ? 'in' : 'to', value: row.groupID || row.recvID || '(none)' },
    { label: 'time', value: formatTimeZoned(row.sendTime, owner.now) },
  ];
  if (row.status === STATUS_DELETED) lead.unshift({ label: 'status', value: '4: deleted (the server still sent what it has of it)' });
  return {
    title: `Message ${row.seq}${row.status === STATUS_DELETED ? ' (deleted)' : ''}`,
    lead,
    content: decodeContent(row.contentType, contentText(row.content)),
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
    standingNotice: true,
  },
  table: {
    columns: [
      { ...msgColumn('seq', 'SEQ', IDENTIFYING, (m) => String(m.seq), seqText), max: ID_MAX, align: 'right' as const },
      { ...msgColumn('sendTime', 'TIME', 2, () => ''), value: (row: HistoryRow, ctx: { now: Date }) => (isGap(row) ? '' : formatTableTime(row.sendTime, ctx.now)) },
      {
        ...msgColumn('sendID', 'FROM', 3, (m) => m.sendID),
        whole: false,
        min: 8,
        max: 24,
        value: (row: HistoryRow, ctx: { ownerID?: string | undefined; ownerName?: string | undefined }) =>
          isGap(row) ? '' : messageFrom({ sendID: row.sendID, senderName: row.senderNickname, sessionType: row.sessionType }, ctx.ownerID, ctx.ownerName).name,
      },
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
    userNamed: (row: HistoryRow, ownerID: string | undefined) => (isGap(row) || row.sendID === ownerID ? undefined : row.sendID || undefined),
    drill: {
      parent: (q: HistoryQuery) => q.conversationID,
      crumb: (q: HistoryQuery) => `History of ${q.conversationID}`,
    },
  },
});
