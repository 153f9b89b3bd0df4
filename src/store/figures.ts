// One source for each figure on a user screen: the summary line's totals (conversations with
// messages, unread, blacklisted, sent applications) and the list's own (the breadcrumb's unread,
// the status line's total) come from separate requests, so without this they drift apart as soon
// as the server changes (a live refresh showed 135 unread beside a summary of 136). Every page
// of a user's list that arrives from the server carries the same figures: it updates the summary,
// so both say what the newest reply says.
import type { ListKind, ListQuery } from '../api/pages.js';
import type { Page } from '../api/schemas.js';
import type { UserSummary } from './types.js';

/** Whether the summary's own answer to a request sent at `sentAt` is older than what a page put there. */
export function olderThanShown(part: { state: string; at?: number } | undefined, sentAt: number): boolean {
  return part?.state === 'ok' && part.at !== undefined && part.at >= sentAt;
}

/** The summary's figure a page of this list vouches for, if any; `at` when it arrived. */
export function summaryFromPage(
  kind: ListKind,
  query: Pick<ListQuery, 'conversationIDs'>,
  page: Pick<Page<unknown>, 'total' | 'extra' | 'notice'>,
  at?: number,
): Partial<Pick<UserSummary, 'conversations' | 'blacklist' | 'applications'>> | undefined {
  const when = at === undefined ? {} : { at };
  switch (kind) {
    case 'conversations':
      // Asked for some conversation IDs only (`c`): its totals describe those, not the user.
      if (query.conversationIDs.length > 0) return undefined;
      if (page.extra?.conversationTotal === undefined && page.notice === undefined) return undefined;
      return {
        conversations: {
          state: 'ok',
          ...when,
          value: { withMessages: page.extra?.conversationTotal ?? 0, unread: page.extra?.unreadTotal ?? 0, none: page.notice !== undefined },
        },
      };
    case 'blacklist':
      return { blacklist: { state: 'ok', value: page.total, ...when } };
    case 'applications':
      return { applications: { state: 'ok', value: page.total, ...when } };
    default:
      return undefined;
  }
}
