// A history page's rows: the messages pulled by seq, and a gap row for each run of seqs with no
// message (history.ts shows them, historyPull.ts makes them). A deleted seq comes back as a
// placeholder (status 4, nothing else: GetMessageBySeqs), seqs below the min seq do not come back
// at all; each run of either is one gap row that says which, never a missing page.
import * as z from 'zod/mini';
import { schemaParts } from '../api/schemas.js';

const { str, intOr } = schemaParts;

export const msgSchema = z.looseObject({
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
  /** Bytes in the protocol: base64 in JSON (historyContent.ts contentText() gives the JSON text). */
  content: str,
  seq: intOr(0),
  /** Milliseconds. */
  sendTime: intOr(0),
  createTime: intOr(0),
  status: intOr(0),
  ex: str,
});
export type Msg = z.infer<typeof msgSchema>;

/**
 * A run of seqs with no message, newest first like the messages around them: `deleted`, the server
 * answered each with a placeholder (kept as sent, for -o json); `absent`, it did not return them.
 */
export interface Gap {
  gap: { firstSeq: number; lastSeq: number; kind: 'deleted' | 'absent'; reason: string };
  placeholders?: Msg[];
}
export type HistoryRow = Msg | Gap;
export const isGap = (row: HistoryRow): row is Gap => 'gap' in row && typeof (row as Gap).gap === 'object';

/** MsgStatusHasDeleted (protocol constant.go:398; MsgDeleted, the status of a message the user deleted for themselves, is 4 too). */
export const STATUS_DELETED = 4;
/** MsgStatusSendSuccess: an ordinary message. */
export const STATUS_SENT = 2;
/**
 * What the server sends for a seq it no longer holds: status 4 and nothing but the seq (and the
 * send time of an earlier message). A status-4 row with any text in it (a sender, an ID, content)
 * is a message (one the user deleted for themselves keeps its sender): it stays a row, marked deleted.
 */
const isPlaceholder = (m: Msg): boolean =>
  m.status === STATUS_DELETED && [m.sendID, m.recvID, m.groupID, m.serverMsgID, m.clientMsgID, m.senderNickname, m.content, m.ex].every((f) => f === '');

const ABSENT_REASON = 'not returned (cleared, below the min seq)';
const DELETED_REASON = 'status 4, the server keeps only the seq';

const absent = (firstSeq: number, lastSeq: number): Gap => ({ gap: { firstSeq, lastSeq, kind: 'absent', reason: ABSENT_REASON } });

/**
 * The page's rows: its messages newest first, a gap row for each run of placeholders (deleted) and
 * for each run of seqs in [begin, end] that the server did not return (absent). The server sends
 * them ascending whatever the request's `order` says (§12.17 item 5): the order is made here.
 */
export function withGaps(msgs: readonly Msg[], begin: number, end: number): HistoryRow[] {
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
