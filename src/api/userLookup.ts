// Does a user ID exist, and what is it? get_users_info finds an exact ID at every level: an
// ordinary user (levels 0 and 1, the ones get_users lists), a system account (notification
// accounts and robots, levels 3 and 4) or the admin, each with its level. Only when it finds
// nothing does a second request ask get_users whether the ID exists in another case.
import { ApiError } from './errors.js';
import type { OpenIMClient } from './client.js';
import { getUsers, getUsersInfo } from './operations.js';
import type { User } from './schemas.js';
import { exactUserIDPattern } from './userSearch.js';

export type UserLookup =
  | { kind: 'user'; user: User }
  /** Above level 1: in no list get_users gives. */
  | { kind: 'system'; user: User }
  /** The admin user the connection is configured with; `user` when the server said what it stores for it. */
  | { kind: 'admin'; user?: User }
  | {
      kind: 'none';
      /** An ID that differs only in case (IDs are case-sensitive; get_users's filter is not). */
      otherCase?: string;
    };

// Enough rows to hold every ID that differs from the wanted one only in case.
const CASE_ROWS = 20;
/** The highest level an ordinary user has (1 AppOrdinaryUsers; contract §6.1 appMangerLevel). */
const ORDINARY_MAX_LEVEL = 1;

/**
 * What get_users_info said of one ID: found at its level, or not stored (1004, or left out). A
 * server that cannot answer it (no such route behind a proxy, an unreadable reply) is asked with
 * get_users instead, which finds ordinary users only; an auth failure is the caller's to handle.
 */
export async function lookupUser(client: OpenIMClient, userID: string, signal?: AbortSignal): Promise<UserLookup> {
  let user: User | undefined;
  let unanswered = false;
  try {
    user = (await getUsersInfo(client, [userID], signal)).find((u) => u.userID === userID);
  } catch (error) {
    if (signal?.aborted || (error instanceof ApiError && error.isAuth)) throw error;
    unanswered = !(error instanceof ApiError && error.errCode === 1004);
  }
  if (user) {
    if (userID === client.adminUserID) return { kind: 'admin', user };
    return user.appMangerLevel > ORDINARY_MAX_LEVEL ? { kind: 'system', user } : { kind: 'user', user };
  }
  // The configured admin is the admin even where the server does not store it as a user.
  if (userID === client.adminUserID) return { kind: 'admin' };
  const users = await getUsers(client, { pagination: { pageNumber: 1, showNumber: CASE_ROWS }, userID: exactUserIDPattern(userID) }, signal);
  const exact = unanswered ? users.rows.find((u) => u.userID === userID) : undefined;
  if (exact) return { kind: 'user', user: exact };
  const otherCase = users.rows.find((u) => u.userID !== userID)?.userID;
  return otherCase !== undefined ? { kind: 'none', otherCase } : { kind: 'none' };
}
