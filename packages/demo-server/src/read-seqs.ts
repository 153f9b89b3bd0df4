// /msg/get_conversations_has_read_and_max_seq and /conversation/get_owner_conversation: a user's
// read state and their conversations without latest messages, both from the user's records
// (conversations.ts with the activity's messages), so that maxSeq − hasReadSeq is the unread count
// the conversations list shows, except where the data set plants a disagreement (readSkew). Open
// to any token on the release; owner or admin on main (§12.17 item 13), where an empty `seqs` is
// left out (item 6).
import { boundString, boundStrings, type BoundValue } from './bind.js';
import { CodeError, argsError } from './errors.js';
import { mapField } from './generation.js';
import { listOrNull } from './gojson.js';
import { clearedMinSeq, timelineOf } from './messages.js';
import { pageOf } from './pagination.js';
import { checkUserAndPage, conversationsSeenBy, ownerOrAdminOnMain, type Route, type RouteContext } from './route.js';
import type { ConversationRecord } from './conversations.js';

export interface SeqsWire {
  maxSeq: number;
  hasReadSeq: number;
  maxSeqTime: number;
}

export const getConversationsHasReadAndMaxSeq: Route = {
  // [derived] the handler's frame in S:internal/api/msg.go; only bind errors show it.
  handler: 'api.(*MessageApi).GetConversationsHasReadAndMaxSeq() /openim-server/internal/api/msg.go:104',
  spec: { goType: 'msg.GetConversationsHasReadAndMaxSeqReq', fields: { userID: 'string', conversationIDs: 'stringList' } },
  run(ctx, body: Map<string, BoundValue>) {
    const userID = boundString(body, 'userID');
    if (userID === '') return argsError('userID is empty');
    const denied = ownerOrAdminOnMain(ctx, userID);
    if (denied) return denied;
    const records = conversationsSeenBy(ctx, userID);
    const mine = new Map(records.map((c) => [c.wire.conversationID, c]));
    const wanted = boundStrings(body, 'conversationIDs');
    const seqs: Record<string, SeqsWire> = {};
    for (const id of wanted.length ? wanted : [...mine.keys()]) {
      const own = mine.get(id);
      if (own) {
        seqs[id] = { maxSeq: own.maxSeq, hasReadSeq: own.hasReadSeq, maxSeqTime: own.latestAt ?? 0 };
        continue;
      }
      // Not the user's: the conversation's max seq, nothing read.
      const t = timelineOf(ctx.world, id, ctx.activity);
      if (t) seqs[id] = { maxSeq: t.maxSeq, hasReadSeq: 0, maxSeqTime: t.added.at(-1)?.at ?? (t.base ? t.lastTime : 0) };
    }
    return { seqs: mapField(ctx, seqs) };
  },
};

/** The conversation types of ConversationElem (constant.SingleChatType, ReadGroupChatType, NotificationChatType). */
const TYPE_OF_PREFIX: Record<string, number> = { si: 1, sg: 3, sn: 4 };

export const getOwnerConversation: Route = {
  // [derived] the handler's frame in S:internal/api/conversation.go; only bind errors show it.
  handler: 'api.(*ConversationApi).GetOwnerConversation() /openim-server/internal/api/conversation.go:60',
  spec: { goType: 'conversation.GetOwnerConversationReq', fields: { userID: 'string', pagination: 'pagination' } },
  run(ctx, body) {
    const checked = checkUserAndPage(body);
    if (checked instanceof CodeError) return checked;
    const { userID } = checked;
    const denied = ownerOrAdminOnMain(ctx, userID);
    if (denied) return denied;
    // Every conversation the user has, with or without messages, in the order of the cached ID list; never 1004.
    const records = conversationsSeenBy(ctx, userID);
    const rows = pageOf(records, checked.page).map((c) => ownerConversationWire(ctx, userID, c));
    return { total: records.length, conversations: listOrNull(rows) };
  },
};

/** One user's conversation row (get_owner_conversation's and get_conversations' shape, §11, §12.1). */
export function ownerConversationWire(ctx: Pick<RouteContext, 'activity'>, userID: string, c: ConversationRecord) {
  const id = c.wire.conversationID;
  const type = TYPE_OF_PREFIX[id.slice(0, 2)] ?? 0;
  const base = c.maxSeq - (ctx.activity?.addedTo(id).length ?? 0);
  const peer = type === 3 ? '' : id.slice(3).split(/_(?=user_|notify_)/).find((part) => part !== userID) ?? '';
  return {
    ownerUserID: userID,
    conversationID: id,
    recvMsgOpt: c.wire.recvMsgOpt,
    conversationType: type,
    userID: peer,
    groupID: type === 3 ? id.slice(3) : '',
    isPinned: c.wire.IsPinned,
    attachedInfo: '',
    isPrivateChat: false,
    groupAtType: 0,
    ex: '',
    burnDuration: 0,
    // The owner's own clear point: set where the demo cleared the beginning, else 0 as the server stores it.
    minSeq: clearedMinSeq(id, base),
    maxSeq: 0,
    msgDestructTime: 604_800,
    latestMsgDestructTime: 0,
    isMsgDestruct: false,
  };
}
