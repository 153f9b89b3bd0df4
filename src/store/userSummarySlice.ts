// The summary at the top of a user screen: who the user is and how much is behind each tab.
// Four requests in parallel, outside the lists' scheduler, so that none of them waits for the tab
// in view or makes it wait; each figure is stored as it arrives. A user opened again fetches
// afresh, and the answers of the earlier visit are dropped.
import type { StateCreator } from 'zustand/vanilla';
import { ApiError, isApiFailure, type ApiFailure } from '../api/errors.js';
import { getBlackList, getSelfFriendApplyList, getSortedConversationList } from '../api/operations.js';
import { lookupUser } from '../api/userLookup.js';
import type { SliceTools } from './tools.js';
import { olderThanShown } from './figures.js';
import type { AppState, SummaryPart, UserSummary } from './types.js';
import type { AppActions, SummaryActions } from './actions.js';

type SummaryState = Pick<AppState, 'summaries'>;

/** A page of one row: the totals come with any page. */
const FIRST_ROW = { pageNumber: 1, showNumber: 1 };

export const userSummarySlice =
  (tools: SliceTools): StateCreator<AppState & AppActions, [], [], SummaryState & SummaryActions> =>
  (set, get) => {
    const running = new Map<string, AbortController>();

    return {
      summaries: {},

      loadSummary(userID, known) {
        running.get(userID)?.abort();
        const controller = new AbortController();
        running.set(userID, controller);
        const { signal } = controller;
        const loading = { state: 'loading' } as const;
        const before = get().summaries[userID];
        // Figures of an earlier visit stay on screen until their new value arrives.
        const summary: UserSummary = {
          profile: known ? { state: 'ok', value: known } : (before?.profile ?? loading),
          conversations: before?.conversations ?? loading,
          blacklist: before?.blacklist ?? loading,
          applications: before?.applications ?? loading,
        };
        set((s) => ({ summaries: { ...s.summaries, [userID]: summary } }));

        const sentAt = Date.now();
        const track = <K extends keyof UserSummary>(key: K, pending: Promise<Extract<UserSummary[K], { state: 'ok' }>['value']>): void => {
          const put = (part: SummaryPart<unknown>): void => {
            if (signal.aborted) return;
            set((s) => {
              const current = s.summaries[userID];
              // A list's page that arrived since this request was sent says more recent figures.
              if (!current || olderThanShown(current[key], sentAt)) return {};
              return { summaries: { ...s.summaries, [userID]: { ...current, [key]: part } } };
            });
          };
          pending.then(
            (value) => put({ state: 'ok', value }),
            (error: unknown) => put({ state: 'error', error: asFailure(error, key) }),
          );
        };

        const { client } = tools.deps;
        if (!known) track('profile', lookupUser(client, userID, signal));
        track(
          'conversations',
          getSortedConversationList(client, { userID, pagination: FIRST_ROW }, signal).then((page) => ({
            withMessages: page.extra?.conversationTotal ?? 0,
            unread: page.extra?.unreadTotal ?? 0,
            none: page.notice !== undefined,
          })),
        );
        track('blacklist', getBlackList(client, { userID, pagination: FIRST_ROW }, signal).then((page) => page.total));
        track('applications', getSelfFriendApplyList(client, { userID, pagination: FIRST_ROW }, signal).then((page) => page.total));
      },
    };
  };

function asFailure(error: unknown, what: string): ApiFailure {
  if (isApiFailure(error)) return error;
  // A bug of ours must still read as a message.
  return new ApiError(0, error instanceof Error ? error.message : String(error), '', { operation: what, operationID: '' });
}
