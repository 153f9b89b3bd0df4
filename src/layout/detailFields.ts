// Every field of a row, labelled, with times as local time beside the raw value and codes as words
// where the contract names them. Pure: the detail pane renders the result.
import type { Black, Conversation, FriendRequest, NotificationAccount, User } from '../api/schemas.js';
import { decodeContent } from '../content/decode.js';
import {
  addSourceName,
  appMangerLevelName,
  contentTypeName,
  groupTypeName,
  handleResultName,
  msgFromName,
  recvMsgOptName,
  sessionTypeName,
} from '../content/enums.js';
import { formatTime, formatTimeSeconds, formatTimeZoned } from '../content/format.js';
import { conversationPeer, conversationWith } from '../domain/rows.js';
import { messageFrom, messageFromLine } from '../domain/sender.js';
import type { DecodedContent } from '../content/types.js';
import type { AnyRow, ListKind } from '../api/pages.js';
import { glyphs } from '../terminal/glyphs.js';

export interface DetailField {
  label: string;
  value: string;
}

export interface DetailSection {
  title: string;
  fields: DetailField[];
}

export interface RowDetail {
  title: string;
  /** Who, with whom and when: the first lines, before the message and any metadata. */
  lead?: DetailField[];
  /** The latest message of a conversation, decoded: right after the lead, shown once. */
  content?: DecodedContent;
  /** The metadata, then the raw fields. */
  sections: DetailSection[];
}

/** Whose list the row is on, for a message's sender (domain/sender.ts), and the clock for "ago". */
export interface DetailOwner {
  id?: string | undefined;
  name?: string | undefined;
  now: number;
}

const ms = (value: number): string => `${formatTime(value)}  (${value})`;
const seconds = (value: number): string => `${formatTimeSeconds(value)}  (${value} s)`;
const code = (name: string, value: number | undefined): string =>
  value === undefined ? '(not sent)' : name === String(value) ? String(value) : `${name} (${value})`;

export function rowDetail(kind: ListKind, row: AnyRow, owner: DetailOwner = { now: Date.now() }): RowDetail {
  switch (kind) {
    case 'users':
      return userDetail(row as User);
    case 'accounts':
      return accountDetail(row as NotificationAccount);
    case 'conversations':
      return conversationDetail(row as Conversation, owner);
    case 'blacklist':
      return blackDetail(row as Black);
    case 'applications':
      return applicationDetail(row as FriendRequest);
  }
}

function userDetail(u: User): RowDetail {
  return {
    title: `User ${u.userID}`,
    sections: [
      {
        title: 'User',
        fields: [
          { label: 'userID', value: u.userID },
          { label: 'nickname', value: u.nickname },
          { label: 'faceURL', value: u.faceURL || '(none)' },
          { label: 'createTime', value: ms(u.createTime) },
          { label: 'appMangerLevel', value: code(appMangerLevelName(u.appMangerLevel), u.appMangerLevel) },
          { label: 'globalRecvMsgOpt', value: code(recvMsgOptName(u.globalRecvMsgOpt), u.globalRecvMsgOpt) },
          { label: 'ex', value: u.ex || '(empty)' },
        ],
      },
    ],
  };
}

function accountDetail(a: NotificationAccount): RowDetail {
  return {
    title: `System account ${a.userID}`,
    sections: [
      {
        title: 'System account',
        fields: [
          { label: 'userID', value: a.userID },
          { label: 'nickName', value: a.nickName },
          { label: 'faceURL', value: a.faceURL || '(none)' },
          {
            label: 'appMangerLevel',
            value: a.appMangerLevel === undefined ? '(not sent: server older than v3.8.3)' : code(appMangerLevelName(a.appMangerLevel), a.appMangerLevel),
          },
        ],
      },
    ],
  };
}

function conversationDetail(c: Conversation, owner: DetailOwner): RowDetail {
  const metadata: DetailSection = {
    title: 'Conversation',
    fields: [
      { label: 'conversationID', value: c.conversationID },
      { label: 'pinned', value: c.IsPinned ? 'yes' : 'no' },
      { label: 'unreadCount', value: String(c.unreadCount) },
      { label: 'recvMsgOpt', value: code(recvMsgOptName(c.recvMsgOpt), c.recvMsgOpt) },
    ],
  };
  const m = c.msgInfo;
  const title = `Conversation with ${conversationWith(c, owner.id)}`;
  if (!m) {
    return { title, lead: [{ label: 'message', value: 'none (msgInfo is null)' }], sections: [metadata] };
  }
  const from = messageFrom(m, owner.id, owner.name);
  const group = m.groupID !== '' || m.sessionType === 2 || m.sessionType === 3;
  // A single chat's other party: the receiver, or (a reply with none) the peer the ID names.
  const other = from.own ? m.recvID || conversationPeer(c, owner.id) || '' : m.recvID || owner.id || '';
  const to = group
    ? `${m.groupName || m.groupID} (group${m.groupID && m.groupName ? ` ${m.groupID}` : ''})`
    : other !== '' && other === owner.id
      ? `${owner.name ? `${owner.name} (this user)` : 'this user'} · ${other}`
      : other;
  const lead: DetailField[] = [
    { label: 'from', value: messageFromLine(from) },
    { label: group ? 'in' : 'to', value: to || '(none)' },
    { label: 'time', value: formatTimeZoned(m.LatestMsgRecvTime, owner.now) },
  ];
  metadata.fields.push(
    { label: 'sessionType', value: code(sessionTypeName(m.sessionType), m.sessionType) },
    { label: 'contentType', value: code(contentTypeName(m.contentType), m.contentType) },
    { label: 'msgFrom', value: code(msgFromName(m.msgFrom), m.msgFrom) },
    ...(m.groupID
      ? [
          { label: 'groupName', value: m.groupName },
          { label: 'groupType', value: code(groupTypeName(m.groupType), m.groupType) },
          { label: 'groupMemberCount', value: String(m.groupMemberCount) },
        ]
      : []),
  );
  const raw: DetailSection = {
    title: 'Raw fields (msgInfo, as the server sent them)',
    fields: [
      { label: 'LatestMsgRecvTime', value: String(m.LatestMsgRecvTime) },
      { label: 'sendID', value: m.sendID },
      { label: 'recvID', value: m.recvID || '(none)' },
      // The contract: in a single chat the owner sent, these two are the peer's.
      { label: 'senderName', value: m.senderName || '(none)' },
      { label: 'faceURL', value: m.faceURL || '(none)' },
      { label: 'serverMsgID', value: m.serverMsgID },
      { label: 'clientMsgID', value: m.clientMsgID },
      ...(m.groupID
        ? [
            { label: 'groupID', value: m.groupID },
            { label: 'groupFaceURL', value: m.groupFaceURL || '(none)' },
          ]
        : []),
      { label: 'ex', value: m.ex || '(empty)' },
    ],
  };
  return { title, lead, content: decodeContent(m.contentType, m.content), sections: [metadata, raw] };
}

function blackDetail(b: Black): RowDetail {
  return {
    title: `Blacklisted ${b.blackUserInfo.userID}`,
    sections: [
      {
        title: 'Blacklist entry',
        fields: [
          { label: 'ownerUserID', value: b.ownerUserID },
          { label: 'createTime', value: seconds(b.createTime) },
          { label: 'addSource', value: code(addSourceName(b.addSource), b.addSource) },
          { label: 'operatorUserID', value: b.operatorUserID || '(none)' },
          { label: 'ex', value: b.ex || '(empty)' },
        ],
      },
      {
        title: 'Blacklisted user',
        fields: [
          { label: 'userID', value: b.blackUserInfo.userID },
          { label: 'nickname', value: b.blackUserInfo.nickname },
          { label: 'faceURL', value: b.blackUserInfo.faceURL || '(none)' },
          { label: 'ex', value: b.blackUserInfo.ex || '(empty)' },
        ],
      },
    ],
  };
}

function applicationDetail(r: FriendRequest): RowDetail {
  return {
    title: `Application ${r.fromUserID} ${glyphs().arrow} ${r.toUserID}`,
    sections: [
      {
        title: 'Friend application',
        fields: [
          { label: 'from', value: `${r.fromUserID}  ${r.fromNickname}` },
          { label: 'fromFaceURL', value: r.fromFaceURL || '(none)' },
          { label: 'to', value: `${r.toUserID}  ${r.toNickname}` },
          { label: 'toFaceURL', value: r.toFaceURL || '(none)' },
          { label: 'reqMsg', value: r.reqMsg || '(empty)' },
          { label: 'createTime', value: ms(r.createTime) },
          { label: 'handleResult', value: code(handleResultName(r.handleResult), r.handleResult) },
          { label: 'handlerUserID', value: r.handlerUserID || '(none)' },
          { label: 'handleMsg', value: r.handleMsg || '(empty)' },
          { label: 'handleTime', value: ms(r.handleTime) },
          { label: 'ex', value: r.ex || '(empty)' },
        ],
      },
    ],
  };
}
