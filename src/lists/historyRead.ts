// Who has read what of a conversation's history: its owner's read seq and, in a single chat, the
// peer's (a second read of get_conversations_has_read_and_max_seq, for the peer), each named by
// user. A ticket "B never got my picture" is filed by A: the history A opens must say B's read
// seq, not only A's. The rows its receiver has not read are marked (the `U` column: past the
// owner's read seq, or the owner's own past the peer's), and a message's detail says in words
// whether its receiver read it.
import { formatCount } from '../content/format.js';
import { glyphs } from '../terminal/glyphs.js';
import { idText } from '../terminal/sanitize.js';
import { displayText } from '../terminal/settle.js';
import { truncate } from '../terminal/width.js';
import { isGap, type HistoryRow, type Msg } from './historyRows.js';

/** One side's read seq, or why it is unknown. */
export interface SideRead {
  userID: string;
  /** Their nickname as their own messages on the page carry it ('' when none of theirs is on it). */
  name: string;
  hasReadSeq?: number;
  failure?: string;
}

/** A page's read state as its rows see it: the owner's and, in a single chat, the peer's. */
export interface PageRead {
  maxSeq: number;
  owner: SideRead;
  peer?: SideRead;
}

/** The peer of a single chat `si_<a>_<b>` (IDs in byte order) for `ownerID`; undefined for any other chat. */
export function peerOf(conversationID: string, ownerID: string): string | undefined {
  if (!conversationID.startsWith('si_') || ownerID === '') return undefined;
  const rest = conversationID.slice(3);
  if (rest.startsWith(`${ownerID}_`)) return rest.slice(ownerID.length + 1) || undefined;
  if (rest.endsWith(`_${ownerID}`)) return rest.slice(0, -ownerID.length - 1) || undefined;
  return undefined;
}

/** A sender's nickname as one of their messages on the page carries it, when printable. */
export function nameOnPage(msgs: readonly Msg[], userID: string): string {
  const m = msgs.find((x) => x.sendID === userID && x.senderNickname !== '');
  if (!m) return '';
  const shown = displayText(m.senderNickname);
  // A nickname the terminal cannot show as sent names no one: the ID alone then.
  return shown === m.senderNickname ? shown : '';
}

const NAME_CELLS = 12;
/** `Bob (user_000017)`, or the ID alone when no printable nickname is known. */
export function sideName(side: SideRead, cells = NAME_CELLS): string {
  const id = idText(side.userID);
  return side.name && side.name !== side.userID ? `${truncate(side.name, cells)} (${id})` : id;
}

const seq = (n: number): string => (Number.isSafeInteger(n) ? formatCount(n) : n.toPrecision(3));

/** One side on the notice's second line: `Bob (user_000017) 6,433`; a failure the line above says already is not said again. */
function sideText(side: SideRead, saidAbove: string | undefined): string {
  if (side.hasReadSeq !== undefined) return `${sideName(side)} ${seq(side.hasReadSeq)}`;
  return `${sideName(side)} unknown${side.failure && side.failure !== saidAbove ? ` (${side.failure})` : ''}`;
}

/** The notice's second line in a single chat: both sides' read seqs, each named by user (short enough for 80 columns). */
export function bothSidesLine(read: PageRead): string | undefined {
  if (!read.peer) return undefined;
  // The owner's failure is the first line's.
  const above = read.owner.failure ?? '';
  return `read: ${[sideText(read.owner, above), sideText(read.peer, above)].join(` ${glyphs().separator} `)}`;
}

/** The rows' read state, set by the page that pulled them (rows are never copied, so the row is the key). */
const readOfRow = new WeakMap<Msg, PageRead>();

export function markRead(rows: readonly HistoryRow[], read: PageRead): void {
  for (const row of rows) if (!isGap(row)) readOfRow.set(row, read);
}

/**
 * Whose read seq says whether the message was read: its receiver's. In a single chat the other
 * side's; elsewhere the owner's for another's message, none known for the owner's own.
 */
function receiverOf(row: Msg, read: PageRead): SideRead | undefined {
  const sentByOwner = row.sendID === read.owner.userID;
  if (read.peer) return sentByOwner ? read.peer : row.sendID === read.peer.userID ? read.owner : undefined;
  return sentByOwner ? undefined : read.owner;
}

/**
 * The table's unread mark: `*` on a row its receiver has not read (past the owner's read seq, or,
 * the owner's own in a single chat, past the peer's); blank otherwise or when unknown.
 */
export function unreadMark(row: HistoryRow): string {
  if (isGap(row)) return '';
  const read = readOfRow.get(row);
  const upTo = read && receiverOf(row, read)?.hasReadSeq;
  return upTo !== undefined && row.seq > upTo ? '*' : '';
}

/**
 * The detail's `read` line: whether the message's receiver read it, in words, with their read seq.
 * In a single chat the receiver is the other side; elsewhere only the owner's read seq is known.
 */
export function readDetailText(row: Msg): string | undefined {
  const read = readOfRow.get(row);
  if (!read) return undefined;
  const receiver = receiverOf(row, read);
  if (!receiver) return `sent by this user (the receivers' read seqs are theirs: open the receiver)`;
  if (receiver.hasReadSeq === undefined) return `unknown whether ${sideName(receiver)} read it: ${receiver.failure ?? 'read state not read'}`;
  const upTo = `read up to ${seq(receiver.hasReadSeq)}`;
  return row.seq > receiver.hasReadSeq ? `UNREAD by ${sideName(receiver)}: ${upTo}` : `read by ${sideName(receiver)}: ${upTo}`;
}
