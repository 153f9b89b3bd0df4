// The operations the api layer itself sends (the user lookup's) and the quirks of a reply that
// need the api's words (a 1004 that means "none"). Every other page operation is its list's
// (src/lists/<list>.ts), made with pages.ts pageOperation.
import { ApiError, firstLine } from './errors.js';
import type { OpenIMClient } from './client.js';
import { pageOperation } from './pages.js';
import {
  getUsersDataSchema, readStatesDataSchema, searchNotificationAccountsDataSchema, usersInfoDataSchema, usersStatusDataSchema,
  type NotificationAccount, type OnlineStatus, type Page, type Pagination, type ReadSeqsWire, type User,
} from './schemas.js';

/** get_users: the users list's operation, and the lookup's search for an ID in another case (userLookup.ts). */
export const GET_USERS = pageOperation({
  name: 'getUsers',
  path: '/user/get_users',
  schema: getUsersDataSchema,
  rows: 'users',
  total: 'total',
  totalExact: true,
});

/** Keyword: exact userID, else exact nickname (no substring search on the server). */
export const SEARCH_NOTIFICATION_ACCOUNTS = pageOperation({
  name: 'searchNotificationAccounts',
  path: '/user/search_notification_account',
  schema: searchNotificationAccountsDataSchema,
  rows: 'notificationAccounts',
  total: 'total',
  totalExact: true,
});

export function getUsers(
  client: OpenIMClient,
  req: { pagination: Pagination; userID?: string; nickName?: string },
  signal?: AbortSignal,
): Promise<Page<User>> {
  return GET_USERS.send(client, req, signal);
}

/** @internal The contract's operation as tests call it; the system accounts list sends SEARCH_NOTIFICATION_ACCOUNTS itself. */
export function searchNotificationAccounts(
  client: OpenIMClient,
  req: { keyword: string; pagination: Pagination },
  signal?: AbortSignal,
): Promise<Page<NotificationAccount>> {
  return SEARCH_NOTIFICATION_ACCOUNTS.send(client, req, signal);
}

/**
 * get_users_info: the users of these exact IDs, whatever their level (system accounts and the
 * admin included). A batch read (§12.3): unknown IDs are left out, in any order; an older server
 * may fail the whole request with 1004 (FindWithError) instead.
 */
export async function getUsersInfo(client: OpenIMClient, userIDs: readonly string[], signal?: AbortSignal): Promise<User[]> {
  const data = await client.call('getUsersInfo', '/user/get_users_info', { userIDs }, usersInfoDataSchema, signal);
  return data.usersInfo;
}

/**
 * get_users_status: who of these IDs is online, and on which platforms; one row per ID asked for,
 * unknown IDs offline. Never get_users_online_status, whose rows carry live session tokens.
 */
export async function getUsersStatus(client: OpenIMClient, userIDs: readonly string[], signal?: AbortSignal): Promise<OnlineStatus[]> {
  const data = await client.call(USERS_STATUS.name, USERS_STATUS.path, { userIDs }, usersStatusDataSchema, signal);
  return data.statusList;
}
/** The operation's name and path of the read state (the history, the conversations' read faults, the read-state tab). */
export const READ_STATES = { name: 'getConversationsHasReadAndMaxSeq', path: '/msg/get_conversations_has_read_and_max_seq' } as const;

/** A user's read state of these conversations (all of them without IDs), by conversation ID: one request, the route is not paged. */
export async function getReadStates(
  client: OpenIMClient,
  userID: string,
  conversationIDs: readonly string[] | undefined,
  signal?: AbortSignal,
): Promise<Record<string, ReadSeqsWire>> {
  const data = await client.call(READ_STATES.name, READ_STATES.path, { userID, ...(conversationIDs ? { conversationIDs } : {}) }, readStatesDataSchema, signal);
  return data.seqs;
}

/** The operation's name and path: the status list (lists/status.ts) and the users list's online column send it too. */
export const USERS_STATUS = { name: 'getUsersStatus', path: '/user/get_users_status' } as const;

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

/**
 * A user with no conversations gets 1004 from get_sorted_conversation_list: an empty list, not a
 * failure (but see isNoConversations: not every 1004 means that).
 */
export function noConversationsPage(error: unknown): Page<never> | undefined {
  if (!(error instanceof ApiError) || !isNoConversations(error)) return undefined;
  return { rows: [], total: 0, totalExact: true, notice: `no conversations (server: ${error.errCode} ${error.errMsg})` };
}
