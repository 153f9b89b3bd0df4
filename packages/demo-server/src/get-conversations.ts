// /conversation/get_conversations: one owner's conversation rows by ID (openim-api.md §12.1), the
// row get_owner_conversation writes (read-seqs.ts). A batch read (§12.0): only the IDs the owner
// has, duplicates collapsed, in the cache's order (batch.ts); `[]` answers a null list, missing or
// null IDs are 1001. Open to any token on the release; owner or admin on main (§12.17 item 13).
import { batchOrder } from './batch.js';
import { boundString, boundStrings } from './bind.js';
import { argsError } from './errors.js';
import { listOrNull } from './gojson.js';
import { ownerConversationWire } from './read-seqs.js';
import { conversationsSeenBy, ownerOrAdminOnMain, type Route } from './route.js';

export const getConversations: Route = {
  // [derived] the handler's frame (S:internal/api/conversation.go:43-45); only bind errors show it.
  handler: 'api.(*ConversationApi).GetConversations() /openim-server/internal/api/conversation.go:43',
  spec: { goType: 'conversation.GetConversationsReq', fields: { ownerUserID: 'string', conversationIDs: 'stringList' } },
  run(ctx, body) {
    const ownerUserID = boundString(body, 'ownerUserID');
    if (ownerUserID === '') return argsError('ownerUserID is empty');
    if (!Array.isArray(body.get('conversationIDs'))) return argsError('conversationIDs is empty');
    const denied = ownerOrAdminOnMain(ctx, ownerUserID);
    if (denied) return denied;
    const wanted = boundStrings(body, 'conversationIDs');
    if (wanted.length === 0) return { conversations: null };
    const mine = new Map(conversationsSeenBy(ctx, ownerUserID).map((c) => [c.wire.conversationID, c]));
    const rows = batchOrder(wanted).flatMap((id) => {
      const record = mine.get(id);
      return record ? [ownerConversationWire(ctx, ownerUserID, record)] : [];
    });
    return { conversations: listOrNull(rows) };
  },
};
