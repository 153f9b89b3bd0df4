// Does a user ID exist, and what is it? get_users lists levels 0 and 1 only, so an ID it does
// not know may still be a system account (level 3 or 4, found by search_notification_account's
// exact keyword) or the admin (level 3 in v3.8, hidden from both lists).
import { ApiError } from './errors.js';
import type { OpenIMClient } from './client.js';
import { getUsers, searchNotificationAccounts } from './operations.js';
import type { NotificationAccount, User } from './schemas.js';
import { exactUserIDPattern } from './userSearch.js';

export type UserLookup =
  | { kind: 'user'; user: User }
  | { kind: 'system'; account: NotificationAccount }
  /** The admin user the connection is configured with: in no list the server offers. */
  | { kind: 'admin' }
  | {
      kind: 'none';
      /** An ID that differs only in case (IDs are case-sensitive; the server's filter is not). */
      otherCase?: string;
      /** Why system accounts could not be checked (search_notification_account is admin only). */
      systemCheckFailed?: ApiError;
    };

// Enough rows to hold every ID that differs from the wanted one only in case.
const LOOKUP_ROWS = 20;

/** One or two requests: get_users with an anchored, escaped pattern, then the system accounts. */
export async function lookupUser(client: OpenIMClient, userID: string, signal?: AbortSignal): Promise<UserLookup> {
  if (userID === client.adminUserID) return { kind: 'admin' };
  const pagination = { pageNumber: 1, showNumber: LOOKUP_ROWS };
  const users = await getUsers(client, { pagination, userID: exactUserIDPattern(userID) }, signal);
  const user = users.rows.find((u) => u.userID === userID);
  if (user) return { kind: 'user', user };
  const otherCase = users.rows[0]?.userID;
  const none = otherCase !== undefined ? { kind: 'none' as const, otherCase } : { kind: 'none' as const };
  try {
    const accounts = await searchNotificationAccounts(client, { keyword: userID, pagination }, signal);
    // The keyword also matches an exact nickname: only the ID counts here.
    const account = accounts.rows.find((a) => a.userID === userID);
    return account ? { kind: 'system', account } : none;
  } catch (error) {
    // A user token may not search system accounts (1002); the user is still not an ordinary one.
    if (error instanceof ApiError && !error.isAuth) return { ...none, systemCheckFailed: error };
    throw error;
  }
}
