// The columns of each list: what an operator scans for first goes left; what may be dropped on a
// narrow terminal has no minWidth.
import type { Black, Conversation, FriendRequest, NotificationAccount, User } from '../api/schemas.js';
import type { AnyRow, ListKind } from '../api/pages.js';
import { addSourceName, appMangerLevelName, handleResultName, recvMsgOptName } from '../content/enums.js';
import { formatCount, formatTime, formatTimeSeconds } from '../content/format.js';
import { messageSummary } from './summary.js';
import type { Align } from './tableLayout.js';

/** Minutes are enough in a table; the detail pane has seconds and the raw value. */
export interface Column<Row> {
  key: string;
  title: string;
  /** preferred width in cells */
  width: number;
  /** grows to share leftover width */
  flex?: boolean;
  /** may shrink down to this when the table is narrow; without it the column is dropped instead */
  minWidth?: number;
  align?: Align;
  value: (row: Row) => string;
}

const shortTime = (ms: number): string => formatTime(ms).slice(0, 16);

export const USER_COLUMNS: Column<User>[] = [
  { key: 'userID', title: 'USER ID', width: 16, minWidth: 10, value: (u) => u.userID },
  { key: 'nickname', title: 'NICKNAME', width: 22, minWidth: 10, flex: true, value: (u) => u.nickname },
  { key: 'created', title: 'CREATED', width: 16, minWidth: 10, value: (u) => shortTime(u.createTime) },
  { key: 'level', title: 'LEVEL', width: 14, value: (u) => appMangerLevelName(u.appMangerLevel) },
  { key: 'recv', title: 'RECEIVE', width: 16, value: (u) => recvMsgOptName(u.globalRecvMsgOpt) },
];

export const ACCOUNT_COLUMNS: Column<NotificationAccount>[] = [
  { key: 'userID', title: 'USER ID', width: 20, minWidth: 10, value: (a) => a.userID },
  { key: 'nickName', title: 'NICKNAME', width: 24, minWidth: 10, flex: true, value: (a) => a.nickName },
  {
    key: 'level',
    title: 'LEVEL',
    width: 20,
    minWidth: 8,
    value: (a) => (a.appMangerLevel === undefined ? '(not sent)' : appMangerLevelName(a.appMangerLevel)),
  },
  { key: 'face', title: 'AVATAR', width: 24, flex: true, value: (a) => a.faceURL || '-' },
];

const SESSION_SHORT: Record<number, string> = { 1: 'single', 2: 'group', 3: 'group', 4: 'notice' };

export const CONVERSATION_COLUMNS: Column<Conversation>[] = [
  // "*" and not a colour: the pin must show under NO_COLOR too.
  { key: 'pin', title: 'PIN', width: 3, minWidth: 3, value: (c) => (c.IsPinned ? ' * ' : '') },
  { key: 'id', title: 'CONVERSATION', width: 28, minWidth: 12, value: (c) => c.conversationID },
  { key: 'type', title: 'TYPE', width: 6, value: (c) => (c.msgInfo ? (SESSION_SHORT[c.msgInfo.sessionType] ?? String(c.msgInfo.sessionType)) : '') },
  { key: 'unread', title: 'UNREAD', width: 6, minWidth: 4, align: 'right', value: (c) => (c.unreadCount ? formatCount(c.unreadCount) : '') },
  { key: 'time', title: 'LATEST', width: 11, minWidth: 11, value: (c) => (c.msgInfo ? shortTime(c.msgInfo.LatestMsgRecvTime).slice(5) : '') },
  {
    key: 'sender',
    title: 'FROM',
    width: 14,
    value: (c) => (c.msgInfo ? c.msgInfo.senderName || c.msgInfo.sendID : ''),
  },
  { key: 'summary', title: 'LATEST MESSAGE', width: 30, minWidth: 16, flex: true, value: (c) => messageSummary(c.msgInfo) },
];

export const BLACK_COLUMNS: Column<Black>[] = [
  { key: 'userID', title: 'BLOCKED USER', width: 16, minWidth: 10, value: (b) => b.blackUserInfo.userID },
  { key: 'nickname', title: 'NICKNAME', width: 20, minWidth: 10, flex: true, value: (b) => b.blackUserInfo.nickname },
  { key: 'when', title: 'SINCE', width: 16, minWidth: 10, value: (b) => formatTimeSeconds(b.createTime).slice(0, 16) },
  { key: 'source', title: 'SOURCE', width: 10, value: (b) => addSourceName(b.addSource) },
  { key: 'operator', title: 'OPERATOR', width: 16, value: (b) => b.operatorUserID },
];

export const APPLICATION_COLUMNS: Column<FriendRequest>[] = [
  { key: 'to', title: 'TO', width: 16, minWidth: 10, value: (r) => r.toUserID },
  { key: 'toNickname', title: 'NICKNAME', width: 16, value: (r) => r.toNickname },
  { key: 'result', title: 'RESULT', width: 9, minWidth: 8, value: (r) => handleResultName(r.handleResult) },
  { key: 'message', title: 'MESSAGE', width: 24, minWidth: 10, flex: true, value: (r) => r.reqMsg },
  { key: 'created', title: 'SENT', width: 16, minWidth: 16, value: (r) => shortTime(r.createTime) },
  { key: 'handled', title: 'HANDLED', width: 16, value: (r) => shortTime(r.handleTime) },
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
