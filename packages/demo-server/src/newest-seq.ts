// /msg/newest_seq: a user's conversations' global max seqs (openim-api.md §12.10), each with its
// `n_…` notification twin and the user's own `n_<id>_<id>`; seqs of 0 are left out, and
// `minSeqs` is never filled (null on the release, absent on main). Not capped by a left member's
// maxSeq. Owner or admin on both generations.
import { boundString } from './bind.js';
import { mapField } from './generation.js';
import { mix } from './prng.js';
import { checkOwnerOrAdmin, conversationsSeenBy, type Route } from './route.js';

/** A notification twin's seq: a few notices for some conversations, none (left out) for most. */
function twinSeq(conversationID: string): number {
  let h = 0;
  for (let i = 0; i < conversationID.length; i++) h = mix(h, conversationID.charCodeAt(i));
  return h % 4 === 0 ? 1 + ((h >>> 4) % 9) : 0;
}

/** GetNotificationConversationIDByConversationID: the prefix replaced by `n`. */
const twinOf = (conversationID: string): string => `n_${conversationID.slice(conversationID.indexOf('_') + 1)}`;

export const newestSeq: Route = {
  // [derived] handler's frame (S:internal/api/msg.go:108-110); only bind errors show it.
  handler: 'api.(*MessageApi).GetSeq() /openim-server/internal/api/msg.go:108',
  spec: { goType: 'sdkws.GetMaxSeqReq', fields: { userID: 'string' } },
  run(ctx, body) {
    const userID = boundString(body, 'userID');
    const denied = checkOwnerOrAdmin(ctx, userID);
    if (denied) return denied;
    const maxSeqs: Record<string, number> = {};
    const add = (id: string, seq: number) => {
      if (seq !== 0) maxSeqs[id] = seq;
    };
    for (const c of conversationsSeenBy(ctx, userID)) {
      add(c.wire.conversationID, c.maxSeq);
      add(twinOf(c.wire.conversationID), twinSeq(c.wire.conversationID));
    }
    const own = `n_${userID}_${userID}`;
    add(own, twinSeq(own));
    return { maxSeqs: mapField(ctx, maxSeqs), minSeqs: mapField(ctx, {}) };
  },
};
