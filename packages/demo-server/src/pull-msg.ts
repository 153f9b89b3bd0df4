// /msg/pull_msg_by_seq: a conversation's messages by seq range, from the message model
// (messages.ts). Each range is clipped to [minSeq, maxSeq]; a range longer than `num` gives its
// newest `num` seqs (S:pkg/common/storage/controller/msg.go:418-437 at v3.8.3-patch.16). A seq in
// the clipped range the server no longer holds (deleted, destructed) comes back as a placeholder,
// MsgData{seq, status 4, sendTime of the nearest earlier message still stored} (mgo/msg.go:1182-1238,
// controller/msg.go:819-826); seqs below minSeq (cleared) are left out. A message the reader
// deleted for themselves keeps its fields but its content, with status 4. MsgData.content is bytes
// in the protocol, so the JSON carries it base64-encoded. Only an `n_` conversation's messages come
// back under `notificationMsgs` (msgprocessor/conversation.go:117-119, sync_msg.go:36): an `sn_`
// one's are under `msgs`. Rows are ascending by seq whatever `order` says (it sets isEnd only),
// and endSeq is never set (sync_msg.go:48-59,83). A conversation the user has no record of, a range
// below the min seq or one that ends before it begins is left out of the maps, with no error
// (sync_msg.go:37-47): the server logs it and goes on. No permission check on the release; main
// lets only the owner or an admin pull (§12.17 item 13), and leaves empty maps out (item 6).
import { boundSeqRanges, boundString, type BoundValue } from './bind.js';
import { CT } from './content.js';
import { argsError } from './errors.js';
import { mapField } from './generation.js';
import { goJson, listOrNull } from './gojson.js';
import { factsAt, isDeleted, messageAt, timelineOf, type MessageRecord, type Timeline } from './messages.js';
import type { World } from './users.js';
import { conversationsSeenBy, ownerOrAdminOnMain, type Route } from './route.js';

export interface MsgDataWire {
  sendID: string;
  recvID: string;
  groupID: string;
  clientMsgID: string;
  serverMsgID: string;
  senderPlatformID: number;
  senderNickname: string;
  senderFaceURL: string;
  sessionType: number;
  msgFrom: number;
  contentType: number;
  /** base64 of the content's JSON bytes; null in a placeholder (empty bytes after the RPC's proto decoding) [derived]. */
  content: string | null;
  seq: number;
  sendTime: number;
  createTime: number;
  status: number;
  isRead: boolean;
  options: null;
  offlinePushInfo: null;
  atUserIDList: null;
  attachedInfo: string;
  ex: string;
}

export interface PullMsgsWire {
  Msgs: MsgDataWire[] | null;
  isEnd: boolean;
  endSeq: number;
}

const ORDER_DESC = 1;
/** MsgStatusSendSuccess. */
const STATUS_SENT = 2;
/** MsgStatusHasDeleted (protocol constant/constant.go:398). @internal exported for the demo tests that find placeholders. */
export const STATUS_DELETED = 4;

/** A revoked message as the pull APIs return it: a 2101 whose detail says who revoked what (mgo/msg.go:142-170). */
function revokedContent(m: MessageRecord): string {
  return goJson({
    detail: goJson({
      revokerID: m.sender.userID, revokerRole: 0, clientMsgID: m.clientMsgID, revokerNickname: m.sender.nickname,
      revokeTime: m.sendTime + 60_000, sourceMessageSendTime: m.sendTime, sourceMessageSendID: m.sender.userID,
      sourceMessageSenderNickname: m.sender.nickname, sessionType: m.sessionType, seq: m.seq, ex: '',
    }),
  });
}

export function msgData(m: MessageRecord): MsgDataWire {
  const content = m.revoked ? revokedContent(m) : m.content;
  return {
    sendID: m.sender.userID,
    recvID: m.recvID,
    groupID: m.group?.groupID ?? '',
    clientMsgID: m.clientMsgID,
    serverMsgID: m.serverMsgID,
    senderPlatformID: m.senderPlatformID,
    senderNickname: m.sender.nickname,
    senderFaceURL: m.sender.faceURL,
    sessionType: m.sessionType,
    msgFrom: m.msgFrom,
    contentType: m.revoked ? CT.revoke : m.contentType,
    content: Buffer.from(content, 'utf8').toString('base64'),
    seq: m.seq,
    sendTime: m.sendTime,
    createTime: m.createTime,
    status: STATUS_SENT,
    isRead: false,
    options: null,
    offlinePushInfo: null,
    atUserIDList: null,
    attachedInfo: '',
    ex: '',
  };
}

/** The send time FindSeqs gives a placeholder: the nearest earlier message still stored, 0 when none is (mgo/msg.go:1210-1232). */
function sendTimeBefore(world: World, t: Timeline, seq: number): number {
  let s = seq - 1;
  while (s >= 1 && isDeleted(t, s)) {
    const hole = t.holes.find(([from, to]) => s >= from && s <= to);
    if (!hole) return 0; // below minSeq: the demo keeps nothing there
    s = hole[0] - 1;
  }
  return s >= 1 ? factsAt(world, t, s).sendTime : 0;
}

/**
 * A seq the server no longer holds, as GetMessageBySeqs answers it: every field zero but seq, status
 * and sendTime. Exported for the tests' own loopback servers, which answer deleted seqs the same way.
 */
export function deletedPlaceholder(seq: number, sendTime: number): MsgDataWire {
  return {
    sendID: '', recvID: '', groupID: '', clientMsgID: '', serverMsgID: '', senderPlatformID: 0, senderNickname: '',
    senderFaceURL: '', sessionType: 0, msgFrom: 0, contentType: 0, content: null, seq, sendTime, createTime: 0,
    status: STATUS_DELETED, isRead: false, options: null, offlinePushInfo: null, atUserIDList: null, attachedInfo: '', ex: '',
  };
}

/**
 * A message the reader deleted for themselves (their ID in its DelList): the server sends it with
 * its content emptied and status 4, every other field kept (controller/msg.go:753-763). The demo's:
 * in one long single chat in sixteen, the lower-numbered member deleted the fourth newest message.
 */
function deletedFor(t: Timeline, seq: number, userID: string): boolean {
  return t.parties.kind === 'single' && t.parties.lowID === userID && t.key % 16 === 7 && t.base >= 1_000 && seq === t.base - 3;
}

/** The seqs a range asks for, clipped, newest `num` of a longer range (controller/msg.go GetMsgBySeqsRange). */
export function seqsOfRange(begin: number, end: number, num: number, minSeq: number, maxSeq: number): { seqs: number[]; begin: number; end: number } | undefined {
  const from = Math.max(begin, minSeq);
  const to = Math.min(end, maxSeq);
  if (to < from || minSeq === 0) return undefined;
  const first = to - from + 1 <= num ? from : to - num + 1;
  const seqs: number[] = [];
  for (let seq = first; seq <= to; seq++) seqs.push(seq);
  return { seqs, begin: from, end: to };
}

export const pullMsgBySeq: Route = {
  // [derived] the handler's frame in S:internal/api/msg.go; only bind errors show it.
  handler: 'api.(*MessageApi).PullMsgBySeqs() /openim-server/internal/api/msg.go:108',
  spec: { goType: 'sdkws.PullMessageBySeqsReq', fields: { userID: 'string', seqRanges: 'seqRanges', order: 'int32' } },
  run(ctx, body: Map<string, BoundValue>) {
    const userID = boundString(body, 'userID');
    if (userID === '') return argsError('userID is empty');
    const denied = ownerOrAdminOnMain(ctx, userID);
    if (denied) return denied;
    const order = body.get('order') === ORDER_DESC ? ORDER_DESC : 0;
    const owned = new Set(conversationsSeenBy(ctx, userID).map((c) => c.wire.conversationID));
    const msgs: Record<string, PullMsgsWire> = {};
    const notificationMsgs: Record<string, PullMsgsWire> = {};
    for (const range of boundSeqRanges(body, 'seqRanges')) {
      if (!owned.has(range.conversationID)) continue;
      const t = timelineOf(ctx.world, range.conversationID, ctx.activity);
      const asked = t ? seqsOfRange(range.begin, range.end, range.num, t.minSeq, t.maxSeq) : undefined;
      if (!t || !asked) continue;
      // One placeholder time per run of deleted seqs: a hole can be longer than a page.
      let before: { seq: number; time: number } | undefined;
      const found = asked.seqs.map((seq) => {
        const m = messageAt(ctx.world, t, seq);
        if (m) return deletedFor(t, seq, userID) ? { ...msgData(m), content: null, status: STATUS_DELETED } : msgData(m);
        before = { seq, time: before?.seq === seq - 1 ? before.time : sendTimeBefore(ctx.world, t, seq) };
        return deletedPlaceholder(seq, before.time);
      });
      // The server decides by the ID's prefix, not the session type (sync_msg.go:36).
      const into = range.conversationID.startsWith('n_') ? notificationMsgs : msgs;
      into[range.conversationID] = {
        Msgs: listOrNull(found) as MsgDataWire[] | null,
        isEnd: order === ORDER_DESC ? asked.begin <= t.minSeq : t.maxSeq <= asked.end,
        endSeq: 0,
      };
    }
    return { msgs: mapField(ctx, msgs), notificationMsgs: mapField(ctx, notificationMsgs) };
  },
};
