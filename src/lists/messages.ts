// The message search (audit): every single and group message by sender, receiver, type, session
// and UTC day, `/msg/search_msg`. What the server does and the screen says: rows come in storage
// order, not by time (the page is sorted by time here, marked so); `chatLogsNum` is a lower bound
// (`≥ N`); a group message's `recvID` is the group's ID and its `senderFaceURL` the group's face;
// notification sessions are never searched; `content` is a JSON string, decoded as a conversation's is.
import { pageOperation } from '../api/pages.js';
import { schemaParts } from '../api/schemas.js';
import { decodeContent } from '../content/decode.js';
import { contentTypeName, groupTypeName } from '../content/enums.js';
import { formatCount, formatTimeZoned } from '../content/format.js';
import { idAt, ID_MAX, labelAt, timeAt } from '../domain/columns.js';
import { contentSummary, messageSummary } from '../domain/summary.js';
import { isGroupMessage } from '../domain/rows.js';
import { idWithName } from '../domain/sender.js';
import { IDENTIFYING } from '../domain/tableLayout.js';
import { glyphs } from '../terminal/glyphs.js';
import { idText } from '../terminal/sanitize.js';
import { displayText } from '../terminal/settle.js';
import { truncate } from '../terminal/width.js';
import { code, messageCodes, messageState, ms } from './fieldText.js';
import {
  ANY_MESSAGE, completeMessageQuery, dayWords, messageCrumb, messageFlagsProblem, messageQueryFromFlags, messageQueryText, parseMessageQuery, searchFields,
  type MessageQuery,
} from './messageQuery.js';
import { newestFirst } from './messageWalk.js';
import { listOf } from './parts.js';
import { singleChatID } from './conversations.js';
import { pagination, type RowDetail, type RowsSeen } from './types.js';
import * as z from 'zod/mini';

const { str, intOr, bool, list } = schemaParts;

// In the wire's order (the server's chatLog), which -o json keeps: history.ts's MsgData shares most
// fields in another order, so the two are written out apart.
const chatLogSchema = z.looseObject({
  serverMsgID: str,
  clientMsgID: str,
  sendID: str,
  /** A group message's is the group's ID (the server puts it there). */
  recvID: str,
  groupID: str,
  recvNickname: str,
  senderPlatformID: intOr(0),
  senderNickname: str,
  /** A group message's is the group's face (the server overwrites the sender's). */
  senderFaceURL: str,
  groupName: str,
  sessionType: intOr(0),
  msgFrom: intOr(0),
  contentType: intOr(0),
  /** A JSON document inside a string; decode with src/content. */
  content: str,
  status: intOr(0),
  /** Milliseconds. */
  sendTime: intOr(0),
  createTime: intOr(0),
  ex: str,
  groupFaceURL: str,
  groupMemberCount: intOr(0),
  seq: intOr(0),
  groupOwner: str,
  groupType: intOr(0),
});
const foundMessageSchema = z.looseObject({ chatLog: chatLogSchema, isRevoked: bool });
type FoundMessage = z.infer<typeof foundMessageSchema>;
const searchMsgDataSchema = z.looseObject({
  chatLogs: list(foundMessageSchema),
  /** A lower bound: the server stops counting some documents after the page fills. */
  chatLogsNum: intOr(0),
});

const isGroup = (m: FoundMessage): boolean => isGroupMessage(m.chatLog);

/**
 * The conversation a found message is in, as OpenIM names it: a group's `sg_`, a notification's
 * `sn_` (account, user), a single chat's `si_` of the two IDs; and whose history shows it (a
 * notification's receiver, else its sender).
 */
function conversationOf(m: FoundMessage): { conversationID: string; ownerID: string } {
  const c = m.chatLog;
  if (isGroup(m)) return { conversationID: `sg_${c.groupID || c.recvID}`, ownerID: c.sendID };
  if (c.sessionType === 4) return { conversationID: `sn_${c.sendID}_${c.recvID}`, ownerID: c.recvID };
  return { conversationID: singleChatID(c.sendID, c.recvID), ownerID: c.sendID };
}

/** Whom a message went to: a user, or the group (whose ID the server put in recvID). */
function recipient(m: FoundMessage): string {
  const c = m.chatLog;
  return isGroup(m) ? `${idText(c.groupID || c.recvID)} (group)` : idText(c.recvID);
}

function messageDetail(m: FoundMessage, owner: { now: number }): RowDetail {
  const c = m.chatLog;
  const group = isGroup(m);
  // The ID first, the nickname beside it, as every message's `from` (domain/sender.ts).
  const named = (name: string, id: string): string => idWithName(id, name, idText) || '(none)';
  return {
    title: `Message ${c.serverMsgID || `seq ${c.seq}`}`,
    lead: [
      { label: 'from', value: named(c.senderNickname, c.sendID) },
      { label: group ? 'in' : 'to', value: group ? `${c.groupName ? `${c.groupName} · ` : ''}${idText(c.groupID || c.recvID)} (group)` : named(c.recvNickname, c.recvID) },
      { label: 'time', value: formatTimeZoned(c.sendTime, owner.now) },
      { label: 'state', value: messageState(c, m) },
    ],
    content: decodeContent(c.contentType, c.content),
    sections: [
      {
        title: 'Message',
        fields: [
          ...messageCodes(c),
          { label: 'isRevoked', value: m.isRevoked ? 'yes' : 'no' },
          { label: 'createTime', value: ms(c.createTime) },
          ...(group
            ? [
                { label: 'groupName', value: c.groupName || '(none)' },
                { label: 'groupType', value: code(groupTypeName(c.groupType), c.groupType) },
                { label: 'groupMemberCount', value: String(c.groupMemberCount) },
                { label: 'groupOwner', value: c.groupOwner || '(none)' },
              ]
            : []),
        ],
      },
      {
        title: 'Raw fields (chatLog, as the server sent them)',
        fields: [
          { label: 'sendTime', value: String(c.sendTime) },
          { label: 'sendID', value: c.sendID },
          { label: 'recvID', value: c.recvID || '(none)' },
          { label: 'groupID', value: c.groupID || '(none)' },
          { label: 'recvNickname', value: c.recvNickname || '(none)' },
          { label: 'senderNickname', value: c.senderNickname || '(none)' },
          // The server overwrites it with the group's face for a group message.
          { label: group ? "senderFaceURL (the group's)" : 'senderFaceURL', value: c.senderFaceURL || '(none)' },
          { label: 'serverMsgID', value: c.serverMsgID },
          { label: 'clientMsgID', value: c.clientMsgID },
          { label: 'ex', value: c.ex || '(empty)' },
        ],
      },
    ],
  };
}

/** `≥12 found`, or `14 found` once the last page is seen: the server's count, or the rows seen when more. */
const foundWords = (total: number, seen: RowsSeen): string =>
  seen.whole !== undefined ? `${formatCount(seen.whole)} found` : `${glyphs().atLeast}${formatCount(Math.max(total, seen.atLeast))} found`;

export const messages = listOf<FoundMessage, never, MessageQuery>({
  wire: {
    // Newest first where the server allows it (messageWalk.ts): a no-day search on the screen walks UTC days back from today.
    operation: newestFirst(
      pageOperation({
        name: 'searchMsg',
        path: '/msg/search_msg',
        schema: searchMsgDataSchema,
        rows: 'chatLogs',
        total: 'chatLogsNum',
        // A lower bound: the last page is known by a short page.
        totalExact: false,
      }),
    ),
    body: (request) => ({ ...searchFields(request.query), pagination: pagination(request) }),
    query: {
      initial: ANY_MESSAGE,
      narrowed: (q) => messageQueryText(q) !== '',
      label: (q) => [dayWords(q.day), 'rows in storage order'].filter(Boolean).join(` ${glyphs().separator} `),
      crumb: (q) => truncate(displayText(messageCrumb(q)), 96),
      prompt: {
        kind: 'search',
        label: 'messages: ',
        hint: 'from:ID to:ID type:NAME|N session:single|group day:YYYY-MM-DD (local); Tab completes; empty: all',
        text: messageQueryText,
        example: 'from:user_000001 type:Text',
        answer: (text) => {
          const parsed = parseMessageQuery(text);
          return parsed.ok ? parsed.query : ANY_MESSAGE;
        },
        check: (text) => {
          const parsed = parseMessageQuery(text);
          return parsed.ok ? undefined : parsed.problem;
        },
        complete: completeMessageQuery,
      },
      fromFlags: messageQueryFromFlags,
      flagsProblem: messageFlagsProblem,
    },
    // chatLogsNum is a lower bound, even when the last page is known (it can be below the rows
    // shown): the count is never below the rows seen, and whole only once the last page is seen.
    totalWords: (total, seen) => foundWords(total, seen),
    countNote: (total, seen) => `${foundWords(total, seen)} (the server's count as sent: ${total})`,
  },
  table: {
    columns: [
      timeAt('chatLog.sendTime', 'TIME', 2),
      idAt('chatLog.sendID', 'FROM'),
      { key: 'to', title: 'TO', priority: IDENTIFYING, min: 10, max: ID_MAX + 8, value: recipient },
      labelAt('chatLog.contentType', 'TYPE', 3, (v) => contentTypeName(Number(v))),
      { key: 'summary', title: 'MESSAGE', priority: 3, min: 16, value: (m) => messageSummary(m.chatLog) },
      labelAt('isRevoked', 'REVOKED', 4, (v) => (v ? 'revoked' : '')),
    ],
    detail: messageDetail,
    csv: {
      after: [
        'chatLog.senderNickname',
        'chatLog.recvID',
        'chatLog.recvNickname',
        'chatLog.groupID',
        'chatLog.groupName',
        'chatLog.sessionType',
        'chatLog.seq',
        'chatLog.senderPlatformID',
        'chatLog.serverMsgID',
        'chatLog.clientMsgID',
        // The decoded one-line summary, beside the content as stored.
        { name: 'summary', value: (m) => contentSummary(m.chatLog.contentType, m.chatLog.content) },
        'chatLog.content',
      ],
    },
    identity: (m) => `${m.chatLog.serverMsgID}/${m.chatLog.seq}`,
    rowID: (m) => m.chatLog.serverMsgID,
    completionWords: (m) => [m.chatLog.sendID, isGroup(m) ? m.chatLog.groupID || m.chatLog.recvID : m.chatLog.recvID],
    emptyText: (q, keys) =>
      messageQueryText(q) !== ''
        ? `no message matches ${displayText(messageQueryText(q))} (${keys.search ? `${keys.search} to search again, ` : ''}${keys.back} for all)`
        : 'no messages',
    defaultSort: { field: 'chatLog.sendTime', desc: true },
  },
  place: {
    // Enter opens the message's conversation at its seq (`d` its detail), as its sender (a notification's receiver) sees it.
    opens: {
      kind: 'history',
      owner: (m) => conversationOf(m).ownerID || undefined,
      query: (m) => ({ conversationID: conversationOf(m).conversationID, ...(isGroup(m) && m.chatLog.groupName ? { groupName: m.chatLog.groupName } : {}) }),
      at: (m) => (m.chatLog.seq > 0 ? m.chatLog.seq : undefined),
    },
    userNamed: (m) => m.chatLog.sendID || undefined,
    keys: [{ action: 'search', keys: ['s'], hint: 'search', description: 'messages: from: to: type: session: day:', run: { openPrompt: 'search' } }] as const,
    jump: { aliases: ['m', 'msgs'], description: 'search the messages of single and group chats' },
    fromUser: { action: 'userMessages', keys: ['M'], hint: 'messages', description: 'user screen: the messages this user sent (message search from: the user)', text: (userID: string) => `from:${userID}` } as const,
  },
});
