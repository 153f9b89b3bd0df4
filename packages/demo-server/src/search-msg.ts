// /msg/search_msg: every single and group message (never a notification session's) by sender,
// receiver (a user, or a group's ID), type, session and one UTC day, scanned in storage order
// (message-search.ts). What the server does and the demo reproduces: rows in storage order, not by
// time; `chatLogsNum` a lower bound; a group message's `recvID` replaced by the group's ID and its
// `senderFaceURL` by the group's face; `content` the stored JSON string. No permission check.
import { boundString, type BoundValue } from './bind.js';
import { CodeError, argsError } from './errors.js';
import { listOrNull } from './gojson.js';
import { searchMessages, type SearchFilter } from './message-search.js';
import type { MessageRecord } from './messages.js';
import { checkPagination } from './pagination.js';
import type { Route } from './route.js';
import type { World } from './users.js';

export interface ChatLogWire {
  serverMsgID: string;
  clientMsgID: string;
  sendID: string;
  recvID: string;
  groupID: string;
  recvNickname: string;
  senderPlatformID: number;
  senderNickname: string;
  senderFaceURL: string;
  groupName: string;
  sessionType: number;
  msgFrom: number;
  contentType: number;
  content: string;
  status: number;
  sendTime: number;
  createTime: number;
  ex: string;
  groupFaceURL: string;
  groupMemberCount: number;
  seq: number;
  groupOwner: string;
  groupType: number;
}

const DAY_MS = 86_400_000;

/** time.Parse(time.DateOnly, s) in UTC: [start, end) of that day, or undefined when it does not parse. */
export function utcDay(text: string): { from: number; to: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const from = Date.UTC(y, m - 1, d);
  const check = new Date(from);
  // Go rejects a day out of its month (2026-02-30), which Date.UTC would roll over.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return undefined;
  return { from, to: from + DAY_MS };
}

function chatLog(world: World, m: MessageRecord): ChatLogWire {
  const g = m.group;
  return {
    serverMsgID: m.serverMsgID,
    clientMsgID: m.clientMsgID,
    sendID: m.sender.userID,
    recvID: g ? g.groupID : m.recvID,
    groupID: g?.groupID ?? '',
    recvNickname: m.receiver && !g ? m.receiver.nickname : '',
    senderPlatformID: m.senderPlatformID,
    senderNickname: m.sender.nickname,
    // The server overwrites the sender's face with the group's for group messages.
    senderFaceURL: g ? g.faceURL : m.sender.faceURL,
    groupName: g?.groupName ?? '',
    sessionType: m.sessionType,
    msgFrom: m.msgFrom,
    contentType: m.contentType,
    content: m.content,
    status: 2,
    sendTime: m.sendTime,
    createTime: m.createTime,
    ex: '',
    groupFaceURL: g?.faceURL ?? '',
    groupMemberCount: g?.memberCount ?? 0,
    seq: m.seq,
    groupOwner: g?.ownerUserID ?? '',
    groupType: g ? 2 : 0,
  };
}

export const searchMsg: Route = {
  // [derived] the handler's frame in S:internal/api/msg.go; only bind errors show it.
  handler: 'api.(*MessageApi).SearchMsg() /openim-server/internal/api/msg.go:352',
  spec: {
    goType: 'msg.SearchMessageReq',
    fields: { sendID: 'string', recvID: 'string', contentType: 'int32', sendTime: 'string', sessionType: 'int32', pagination: 'pagination' },
  },
  run(ctx, body: Map<string, BoundValue>) {
    const page = checkPagination(body.get('pagination'));
    if (page instanceof CodeError) return page;
    const sendTime = boundString(body, 'sendTime');
    const day = sendTime ? utcDay(sendTime) : undefined;
    if (sendTime && !day) return argsError(`invalid sendTime ${sendTime}, want YYYY-MM-DD`);
    const number = (name: string): number => {
      const v = body.get(name);
      return typeof v === 'number' ? v : 0;
    };
    const filter: SearchFilter = {
      sendID: boundString(body, 'sendID'),
      recvID: boundString(body, 'recvID'),
      contentType: number('contentType'),
      sessionType: number('sessionType'),
      ...(day ? { day } : {}),
    };
    const found = searchMessages(ctx.world, filter, page, ctx.activity);
    return {
      chatLogs: listOrNull(found.rows.map((m) => ({ chatLog: chatLog(ctx.world, m), isRevoked: m.revoked }))),
      chatLogsNum: found.counted,
    };
  },
};
