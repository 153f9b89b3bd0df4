// The five lists the explorer and the scripting commands page through: which operation serves
// which list, with which request body, and the row type each one yields.
import type { OpenIMClient } from './client.js';
import {
  getBlackList,
  getSelfFriendApplyList,
  getSortedConversationList,
  getUsers,
  searchNotificationAccounts,
} from './operations.js';
import { userSearchPattern } from './userSearch.js';
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

/** The operation and the JSON body that fetch one page, as the app sends them. */
export type PageCall =
  | { operation: 'getUsers'; body: Parameters<typeof getUsers>[1] }
  | { operation: 'searchNotificationAccounts'; body: Parameters<typeof searchNotificationAccounts>[1] }
  | { operation: 'getSortedConversationList'; body: Parameters<typeof getSortedConversationList>[1] }
  | { operation: 'getBlackList'; body: Parameters<typeof getBlackList>[1] }
  | { operation: 'getSelfFriendApplyList'; body: Parameters<typeof getSelfFriendApplyList>[1] };

export function pageCall(list: PageRequest): PageCall {
  const pagination = { pageNumber: list.page, showNumber: list.size };
  const userID = list.userID ?? '';
  switch (list.kind) {
    case 'users': {
      const search = list.query.search ?? '';
      if (search === '') return { operation: 'getUsers', body: { pagination } };
      // The server ORs the two filters: the text may be in either.
      const pattern = userSearchPattern({ text: search, regex: list.query.regex ?? false });
      return { operation: 'getUsers', body: { pagination, userID: pattern, nickName: pattern } };
    }
    case 'accounts':
      return { operation: 'searchNotificationAccounts', body: { keyword: list.query.keyword, pagination } };
    case 'conversations':
      return {
        operation: 'getSortedConversationList',
        body: { userID, pagination, ...(list.query.conversationIDs.length > 0 ? { conversationIDs: list.query.conversationIDs } : {}) },
      };
    case 'blacklist':
      return { operation: 'getBlackList', body: { userID, pagination } };
    case 'applications':
      return { operation: 'getSelfFriendApplyList', body: { userID, pagination } };
  }
}

export function fetchPage(client: OpenIMClient, list: PageRequest, signal: AbortSignal): Promise<Page<AnyRow>> {
  const call = pageCall(list);
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

/** The page fetcher of a list. */
export function listFetcher(client: OpenIMClient, spec: ListSpec): PageFetcher<AnyRow> {
  return (page, size, signal) =>
    fetchPage(
      client,
      { kind: spec.kind, ...(spec.userID !== undefined ? { userID: spec.userID } : {}), page, size, query: spec.query },
      signal ?? new AbortController().signal,
    );
}
