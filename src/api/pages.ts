// The lists' kinds and the row type each one yields, and how a page of a list is asked for. Which
// operation serves which list, and everything else about a list, is in src/lists/.
import type { OpenIMClient } from './client.js';
import { getBlackList, getSelfFriendApplyList, getSortedConversationList, getUsers, searchNotificationAccounts } from './operations.js';
import type { Black, Conversation, FriendRequest, NotificationAccount, Page, User } from './schemas.js';

export interface RowByKind {
  users: User;
  accounts: NotificationAccount;
  conversations: Conversation;
  blacklist: Black;
  applications: FriendRequest;
}
export type ListKind = keyof RowByKind;
export type AnyRow = RowByKind[ListKind];

/** What narrows a list on the server, beside its page. */
export interface ListQuery {
  /** System accounts: exact userID or nickname. */
  keyword: string;
  /** Conversations: only these IDs. */
  conversationIDs: string[];
  /** Users: userID or nickname contains this text (or matches it, with `regex`). */
  search?: string;
  /** Users: `search` is a regex, sent as typed; otherwise it is escaped. */
  regex?: boolean;
}

/** What to list: the explorer's lists and the scripting commands both describe it so. */
export interface ListSpec {
  kind: ListKind;
  /** The user whose list this is (per-user lists only). */
  userID?: string;
  query: ListQuery;
}

export interface PageRequest extends ListSpec {
  /** 1-based. */
  page: number;
  size: number;
}

export type PageFetcher<T> = (page: number, size: number, signal?: AbortSignal) => Promise<Page<T>>;

/** The operation and the JSON body that fetch one page, as the app sends them (and `C` copies as curl). */
export type PageCall =
  | { operation: 'getUsers'; body: Parameters<typeof getUsers>[1] }
  | { operation: 'searchNotificationAccounts'; body: Parameters<typeof searchNotificationAccounts>[1] }
  | { operation: 'getSortedConversationList'; body: Parameters<typeof getSortedConversationList>[1] }
  | { operation: 'getBlackList'; body: Parameters<typeof getBlackList>[1] }
  | { operation: 'getSelfFriendApplyList'; body: Parameters<typeof getSelfFriendApplyList>[1] };

/** Sends a page's call: each list says its call (src/lists), this sends it. */
export function sendPageCall(client: OpenIMClient, call: PageCall, signal: AbortSignal): Promise<Page<AnyRow>> {
  switch (call.operation) {
    case 'getUsers':
      return getUsers(client, call.body, signal);
    case 'searchNotificationAccounts':
      return searchNotificationAccounts(client, call.body, signal);
    case 'getSortedConversationList':
      return getSortedConversationList(client, call.body, signal);
    case 'getBlackList':
      return getBlackList(client, call.body, signal);
    case 'getSelfFriendApplyList':
      return getSelfFriendApplyList(client, call.body, signal);
  }
}
