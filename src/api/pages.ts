// The lists' kinds and the row type each one yields, and how a page of a list is asked for. Which
// operation serves which list, and everything else about a list, is in src/lists/.
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
