// Fixed points of the generated data set, for tests, docs and demos. The generators enforce
// these (see the FIRST_USER_* constants and the every-Nth rules); test/demo checks them.
import { NOTIFICATION_ACCOUNTS, ROBOT_ACCOUNTS } from './accounts.js';
import { FIRST_USER_CONVERSATIONS, NO_CONVERSATIONS_EVERY } from './conversations.js';
import { GO_ZERO_TIME_MS, ZERO_TIME_INDEX, userIdOf } from './users.js';
import { LONG_EX_INDEX } from './hostile.js';
import { DEMO_CREDENTIALS } from './credentials.js';

export const DEMO = {
  ...DEMO_CREDENTIALS,
  defaultUsers: 5000,
  /** Page 1 of get_users. 240 conversations (8 pinned, 4 without a latest message, every content type),
   * 12 blacks, 40 sent friend requests cycling pending/accepted/refused (one re-applied: pending
   * with an old handleTime), hostile strings (see HOSTILE_SAMPLES). */
  firstUserID: userIdOf(1),
  firstUser: { conversations: FIRST_USER_CONVERSATIONS, pinned: 8, withoutMessage: 4, blacks: 12, friendRequests: 40 },
  /** 150 to 400 conversations (every user whose index % 50 === 2, unless also a multiple of 7). */
  manyConversationsUserID: userIdOf(2),
  /** No conversations at all: get_sorted_conversation_list answers 1004. Every 7th user is like this. */
  noConversationsUserID: userIdOf(NO_CONVERSATIONS_EVERY),
  /** Empty blacklist (every 3rd user). */
  emptyBlacklistUserID: userIdOf(3),
  /** No sent friend requests (every 5th user). */
  noFriendRequestsUserID: userIdOf(5),
  /** createTime is Go's zero time. */
  goZeroTimeUserID: userIdOf(ZERO_TIME_INDEX),
  goZeroTimeMs: GO_ZERO_TIME_MS,
  /** createTime 0 (every user whose index % 1000 === 12). */
  zeroCreateTimeUserID: userIdOf(12),
  /** ex is 5,000 characters long. */
  longExUserID: userIdOf(LONG_EX_INDEX),
  /** Level 3; listed by an empty-keyword search. */
  notificationAccountIDs: NOTIFICATION_ACCOUNTS.map((a) => a.userID),
  /** Level 4; found only by exact keyword. */
  robotIDs: ROBOT_ACCOUNTS.map((a) => a.userID),
  /** Exact nickname shared by notify_system and notify_legacy. */
  sharedNickname: 'System Notice',
} as const;
