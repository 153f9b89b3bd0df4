// One function per admin operation of ../shared/openim-api.md §3. Each returns a Page in the
// store's shape; the quirks of each operation's totals are settled here, not in the UI.
import { ApiError, firstLine } from './errors.js';
import type { OpenIMClient } from './client.js';
import {
  blackListDataSchema,
  friendApplyListDataSchema,
  getUsersDataSchema,
  searchNotificationAccountsDataSchema,
  sortedConversationListDataSchema,
  type Black,
  type Conversation,
  type FriendRequest,
  type NotificationAccount,
  type Page,
  type Pagination,
  type User,
} from './schemas.js';

/** Where each page operation is POSTed (the curl of a page, api/curl.ts, names the same). */
export const OPERATION_PATHS = {
  getUsers: '/user/get_users',
  searchNotificationAccounts: '/user/search_notification_account',
  getSelfFriendApplyList: '/friend/get_self_friend_apply_list',
  getBlackList: '/friend/get_black_list',
  getSortedConversationList: '/conversation/get_sorted_conversation_list',
} as const;

export async function getUsers(
  client: OpenIMClient,
  req: { pagination: Pagination; userID?: string; nickName?: string },
  signal?: AbortSignal,
): Promise<Page<User>> {
  const data = await client.call('getUsers', OPERATION_PATHS.getUsers, req, getUsersDataSchema, signal);
  return { rows: data.users, total: data.total, totalExact: true };
}

/** Keyword: exact userID, else exact nickname (no substring search on the server). */
export async function searchNotificationAccounts(
  client: OpenIMClient,
  req: { keyword: string; pagination: Pagination },
  signal?: AbortSignal,
): Promise<Page<NotificationAccount>> {
  const data = await client.call(
    'searchNotificationAccounts',
    OPERATION_PATHS.searchNotificationAccounts,
    req,
    searchNotificationAccountsDataSchema,
    signal,
  );
  return { rows: data.notificationAccounts, total: data.total, totalExact: true };
}

/** Applications the user sent, newest first. */
export async function getSelfFriendApplyList(
  client: OpenIMClient,
  req: { userID: string; pagination: Pagination },
  signal?: AbortSignal,
): Promise<Page<FriendRequest>> {
  const data = await client.call(
    'getSelfFriendApplyList',
    OPERATION_PATHS.getSelfFriendApplyList,
    req,
    friendApplyListDataSchema,
    signal,
  );
  return { rows: data.friendRequests, total: data.total, totalExact: true };
}

/** The user's blacklist; createTime of each row is in seconds. */
export async function getBlackList(
  client: OpenIMClient,
  req: { userID: string; pagination: Pagination },
  signal?: AbortSignal,
): Promise<Page<Black>> {
  const data = await client.call('getBlackList', OPERATION_PATHS.getBlackList, req, blackListDataSchema, signal);
  return { rows: data.blacks, total: data.total, totalExact: true };
}

/**
 * Pinned first, then newest first. conversationTotal only counts conversations with a latest
 * message, so the total is an estimate and the last page is known by a short page. A user with
 * no conversations gets 1004 from the server: that is an empty list, not a failure (but see
 * isNoConversations: not every 1004 means that).
 */
export async function getSortedConversationList(
  client: OpenIMClient,
  req: { userID: string; conversationIDs?: string[]; pagination: Pagination },
  signal?: AbortSignal,
): Promise<Page<Conversation>> {
  try {
    const data = await client.call(
      'getSortedConversationList',
      OPERATION_PATHS.getSortedConversationList,
      req,
      sortedConversationListDataSchema,
      signal,
    );
    return {
      rows: data.conversationElems,
      total: data.conversationTotal,
      totalExact: false,
      extra: { unreadTotal: data.unreadTotal, conversationTotal: data.conversationTotal },
    };
  } catch (error) {
    if (error instanceof ApiError && isNoConversations(error)) {
      return {
        rows: [],
        total: 0,
        totalExact: true,
        notice: `no conversations (server: ${error.errCode} ${error.errMsg})`,
      };
    }
    throw error;
  }
}

const PLAIN_NOT_FOUND = /^(?:1004 )?RecordNotFoundError$/;

/**
 * Whether a 1004 of the conversation list means "no conversations": only when errDlt is the plain
 * RecordNotFoundError (v3.8.0 to v3.8.2 write `1004 RecordNotFoundError`), or empty beside a plain
 * errMsg. OpenIM v3.7 to v3.8.3-patch.7 also answer 1004 with MongoDB's text (`mongo: no
 * documents in result`) when a message document is missing, for a user who has conversations
 * (open-im-server#2516): that is a failure, and its text must show.
 */
export function isNoConversations(error: ApiError): boolean {
  if (error.errCode !== 1004) return false;
  const detail = firstLine(error.errDlt);
  if (detail !== '') return PLAIN_NOT_FOUND.test(detail);
  return PLAIN_NOT_FOUND.test(firstLine(error.errMsg));
}

/**
 * POST /auth/get_admin_token: the secret and an admin user ID for a token (needs no token itself).
 * @internal The contract's operation as tests call it; the client logs in through OpenIMClient.getAdminToken.
 */
export function getAdminToken(
  client: OpenIMClient,
  req: { secret: string; userID: string },
  signal?: AbortSignal,
): Promise<{ token: string; expireTimeSeconds: number }> {
  return client.getAdminToken(req.secret, req.userID, signal);
}
