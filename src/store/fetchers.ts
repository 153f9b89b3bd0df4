// Which operation serves which list, with which request body.
import type { OpenIMClient } from '../api/client.js';
import {
  getBlackList,
  getSelfFriendApplyList,
  getSortedConversationList,
  getUsers,
  searchNotificationAccounts,
} from '../api/operations.js';
import type { Page } from '../api/schemas.js';
import type { AnyRow, ListState } from './types.js';

type Request = Pick<ListState, 'kind' | 'userID' | 'page' | 'size' | 'query'>;

export function fetchPage(client: OpenIMClient, list: Request, signal: AbortSignal): Promise<Page<AnyRow>> {
  const pagination = { pageNumber: list.page, showNumber: list.size };
  const userID = list.userID ?? '';
  switch (list.kind) {
    case 'users':
      return getUsers(client, { pagination }, signal);
    case 'accounts':
      return searchNotificationAccounts(client, { keyword: list.query.keyword, pagination }, signal);
    case 'conversations':
      return getSortedConversationList(
        client,
        {
          userID,
          pagination,
          ...(list.query.conversationIDs.length > 0 ? { conversationIDs: list.query.conversationIDs } : {}),
        },
        signal,
      );
    case 'blacklist':
      return getBlackList(client, { userID, pagination }, signal);
    case 'applications':
      return getSelfFriendApplyList(client, { userID, pagination }, signal);
  }
}

/** Identifies one server request; equal keys may share a cached page. */
export function requestKey(list: Request): string {
  return `${list.page}|${queryKey(list)}`;
}

/** Everything in a request but the page: page steps of one query share it. */
export function queryKey(list: Omit<Request, 'page'>): string {
  return JSON.stringify([list.kind, list.userID ?? '', list.size, list.query.keyword, list.query.conversationIDs]);
}
