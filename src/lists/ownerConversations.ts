// The conversations list's operation, with its fallback. Newer servers deprecate
// `/conversation/get_sorted_conversation_list` for `/conversation/get_owner_conversation`; one
// that has dropped it answers 404 or "route not found", and the list then asks the owner route:
// an exact total, conversations without messages included, but no latest message and no unread
// count. Every page from it says so (its notice: on screen and on stderr in scripting), and `C`
// copies the request really sent. A client whose server dropped the route is remembered, so the
// pages after the first go straight to the owner route.
import * as z from 'zod/mini';
import type { OpenIMClient } from '../api/client.js';
import { ApiError, HttpError } from '../api/errors.js';
import { noConversationsPage } from '../api/operations.js';
import { pageOperation, type PageOperation } from '../api/pages.js';
import { schemaParts, sortedConversationListDataSchema, type Conversation, type Page } from '../api/schemas.js';

const { str, intOr, bool, list } = schemaParts;

const sorted = pageOperation({
  name: 'getSortedConversationList',
  path: '/conversation/get_sorted_conversation_list',
  schema: sortedConversationListDataSchema,
  rows: 'conversationElems',
  total: 'conversationTotal',
  totalExact: false,
  extra: ['unreadTotal', 'conversationTotal'],
  answers: noConversationsPage,
});

const owner = pageOperation({
  name: 'getOwnerConversation',
  path: '/conversation/get_owner_conversation',
  schema: z.looseObject({
    total: intOr(0),
    conversations: list(
      z.looseObject({ conversationID: z.string(), recvMsgOpt: intOr(0), isPinned: bool, ownerUserID: str, conversationType: intOr(0), maxSeq: intOr(0), minSeq: intOr(0) }),
    ),
  }),
  rows: 'conversations',
  total: 'total',
  totalExact: true,
});

/** get_owner_conversation alone: the doctor reads each conversation's minSeq from it (§12.1: the only place an HTTP client can). */
export const ownerConversationsOperation = owner;

/** The route is gone from this server: a 404, or an answer that says "route not found". */
function routeGone(error: unknown): boolean {
  if (error instanceof HttpError) return error.status === 404 || /route not found/i.test(error.bodyFirstLine);
  return error instanceof ApiError && /route not found/i.test(`${error.errMsg} ${error.errDlt}`);
}

/** The unread count the list shows for a row: none for a row from the owner route. */
export const listedUnread = (c: Conversation): number | undefined => (Object.hasOwn(c, 'unreadCount') ? c.unreadCount : undefined);

/** The figure the user summary reads from a page of the owner route: every conversation, exact. */
export const OWNER_TOTAL = 'ownerConversationTotal';

const gone = new WeakSet<OpenIMClient>();

/** The notice of a page from the owner route. */
const FALLBACK_NOTICE =
  'showing get_owner_conversation (the server has no get_sorted_conversation_list): every conversation, exact total, no latest message or unread count';

export const conversationsOperation: PageOperation<Conversation> = {
  name: sorted.name,
  path: sorted.path,
  totalExact: false,
  async send(client, body, signal): Promise<Page<Conversation>> {
    if (!gone.has(client)) {
      try {
        return await sorted.send(client, body, signal);
      } catch (error) {
        if (!routeGone(error)) throw error;
        gone.add(client);
      }
    }
    // The owner route takes no conversation IDs: its body is the user and the page.
    const { userID, pagination } = body as { userID: string; pagination: object };
    const sent = { userID, pagination };
    const page = await owner.send(client, sent, signal);
    return {
      // In the sorted list's shape, with the owner route's own fields kept beside it for `-o json`;
      // no unread count (none is sent: `listedUnread` says so, and the history compares nothing).
      rows: page.rows.map((c) => ({ ...c, IsPinned: c.isPinned, msgInfo: null }) as unknown as Conversation),
      total: page.total,
      totalExact: true,
      extra: { [OWNER_TOTAL]: page.total },
      notice: (body as { conversationIDs?: unknown }).conversationIDs ? `${FALLBACK_NOTICE}; it cannot narrow by conversation ID` : FALLBACK_NOTICE,
      sent: { path: owner.path, body: sent },
    };
  },
};
