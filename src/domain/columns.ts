// The columns of each list, for the explorer's table and `--output table`. Widths are not fixed
// here: tableLayout.ts sizes each column from the page's content and drops columns by priority.
// Priority 1 (IDENTIFYING) is what names the row (an ID, a nickname, whom a chat is with); IDs,
// counts, dates and enum names are `whole` (shown whole or not at all); free text may be cut
// down to `min`; decoration (an avatar URL) comes last.
import type { Black, Conversation, FriendRequest, NotificationAccount, User } from '../api/schemas.js';
import type { AnyRow, ListKind } from '../api/pages.js';
import { addSourceName, appMangerLevelName, handleResultName, recvMsgOptName } from '../content/enums.js';
import { formatCount, formatTableTime } from '../content/format.js';
import { conversationWith } from './rows.js';
import { messageFrom } from './sender.js';
import { messageSummary } from './summary.js';
import { IDENTIFYING, type Align, type ColumnSize } from './tableLayout.js';

/** What a cell may depend on beyond its row. */
export interface CellContext {
  /** The user whose list this is (conversations name their peer relative to this user). */
  ownerID?: string | undefined;
  /** That user's nickname when known: their own messages read as theirs (domain/sender.ts). */
  ownerName?: string | undefined;
  /** Dates within this year omit the year (injected, so that tests do not depend on the clock). */
  now: Date;
}

export interface Column<Row> extends ColumnSize {
  key: string;
  title: string;
  align?: Align;
  value: (row: Row, ctx: CellContext) => string;
}

/** The longest ID shown whole; a longer one (hostile, or a new ID scheme) is cut. */
const ID_MAX = 40;
/** A nickname identifies the row, but one very long name must not push every other column out. */
const NAME_MAX = 32;

const id = <Row>(key: string, title: string, value: (row: Row) => string): Column<Row> => ({
  key,
  title,
  priority: IDENTIFYING,
  whole: true,
  max: ID_MAX,
  value,
});
const name = <Row>(key: string, value: (row: Row) => string): Column<Row> => ({
  key,
  title: 'NICKNAME',
  priority: IDENTIFYING,
  min: 8,
  max: NAME_MAX,
  value,
});
const time = <Row>(key: string, title: string, priority: number, ms: (row: Row) => number): Column<Row> => ({
  key,
  title,
  priority,
  whole: true,
  max: 24,
  value: (row, ctx) => formatTableTime(ms(row), ctx.now),
});
const label = <Row>(key: string, title: string, priority: number, value: (row: Row) => string): Column<Row> => ({
  key,
  title,
  priority,
  whole: true,
  max: 28,
  value,
});

export const USER_COLUMNS: Column<User>[] = [
  id('userID', 'USER ID', (u) => u.userID),
  name('nickname', (u) => u.nickname),
  time('created', 'CREATED', 3, (u) => u.createTime),
  label('level', 'LEVEL', 2, (u) => appMangerLevelName(u.appMangerLevel)),
  label('recv', 'RECEIVE', 4, (u) => recvMsgOptName(u.globalRecvMsgOpt)),
];

export const ACCOUNT_COLUMNS: Column<NotificationAccount>[] = [
  id('userID', 'USER ID', (a) => a.userID),
  name('nickName', (a) => a.nickName),
  label('level', 'LEVEL', 2, (a) => (a.appMangerLevel === undefined ? '(not sent)' : appMangerLevelName(a.appMangerLevel))),
  { key: 'face', title: 'AVATAR', priority: 5, min: 16, value: (a) => a.faceURL || '-' },
];

const SESSION_SHORT: Record<number, string> = { 1: 'single', 2: 'group', 3: 'group', 4: 'notice' };
const PREFIX_SHORT: Record<string, string> = { si: 'single', sg: 'group', g: 'group', sn: 'notice' };

function conversationType(c: Conversation): string {
  if (c.msgInfo) return SESSION_SHORT[c.msgInfo.sessionType] ?? String(c.msgInfo.sessionType);
  return PREFIX_SHORT[c.conversationID.split('_')[0] ?? ''] ?? '';
}

export const CONVERSATION_COLUMNS: Column<Conversation>[] = [
  // "*" and not a colour: the pin must show under NO_COLOR too.
  { key: 'pin', title: 'PIN', priority: 3, whole: true, value: (c) => (c.IsPinned ? ' * ' : '') },
  {
    key: 'with',
    title: 'WITH',
    priority: IDENTIFYING,
    min: 10,
    max: ID_MAX,
    value: (c, ctx) => conversationWith(c, ctx.ownerID),
  },
  label('type', 'TYPE', 6, conversationType),
  {
    key: 'unread',
    title: 'UNREAD',
    priority: 2,
    whole: true,
    max: 16,
    align: 'right',
    value: (c) => (c.unreadCount ? formatCount(c.unreadCount) : ''),
  },
  time('time', 'LATEST', 2, (c) => c.msgInfo?.LatestMsgRecvTime ?? 0),
  // Bounded, so it widens before the summary does, as far as a name needs.
  { key: 'sender', title: 'FROM', priority: 4, min: 8, max: 16, value: (c, ctx) => (c.msgInfo ? messageFrom(c.msgInfo, ctx.ownerID, ctx.ownerName).name : '') },
  { key: 'summary', title: 'LATEST MESSAGE', priority: 3, min: 16, value: (c) => messageSummary(c.msgInfo) },
];

export const BLACK_COLUMNS: Column<Black>[] = [
  id('userID', 'BLOCKED USER', (b) => b.blackUserInfo.userID),
  name('nickname', (b) => b.blackUserInfo.nickname),
  time('when', 'SINCE', 2, (b) => b.createTime * 1000),
  label('source', 'SOURCE', 3, (b) => addSourceName(b.addSource)),
  { ...id<Black>('operator', 'OPERATOR', (b) => b.operatorUserID), priority: 4 },
];

export const APPLICATION_COLUMNS: Column<FriendRequest>[] = [
  id('to', 'TO', (r) => r.toUserID),
  name('toNickname', (r) => r.toNickname),
  label('result', 'RESULT', 2, (r) => handleResultName(r.handleResult)),
  { key: 'message', title: 'MESSAGE', priority: 3, min: 10, value: (r) => r.reqMsg },
  time('created', 'SENT', 2, (r) => r.createTime),
  time('handled', 'HANDLED', 5, (r) => r.handleTime),
];

/** The columns of a list of this kind, for the explorer's table and `--output table`. */
export function columnsFor(kind: ListKind): Column<AnyRow>[] {
  // Each list's columns read rows of its own kind; the list kind guarantees the match.
  const byKind: Record<ListKind, unknown> = {
    users: USER_COLUMNS,
    accounts: ACCOUNT_COLUMNS,
    conversations: CONVERSATION_COLUMNS,
    blacklist: BLACK_COLUMNS,
    applications: APPLICATION_COLUMNS,
  };
  return byKind[kind] as Column<AnyRow>[];
}
