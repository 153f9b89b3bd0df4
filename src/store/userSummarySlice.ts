// The summary at the top of a user screen: who the user is, whether they are online (and where),
// and how much is behind each tab (each
// of a user's lists counts its own figure: lists/<list>.ts `userSummary`). A request per figure,
// in parallel, outside the lists' scheduler, so that none of them waits for the tab in view or
// makes it wait; each figure is stored as it arrives. A user opened again fetches
// afresh, and the answers of the earlier visit are dropped. Whether the user is online is the one
// figure no tab's page carries (figures.ts): `r` and the live view ask for it again.
import type { StateCreator } from 'zustand/vanilla';
import { ApiError, ProtocolError, isApiFailure, type ApiFailure } from '../api/errors.js';
import { getUsersStatus } from '../api/operations.js';
import { lookupUser } from '../api/userLookup.js';
import { isUserTab, USER_TABS } from '../lists/names.js';
import { fetchPage, listDef, summaryPart } from '../lists/registry.js';
import type { SliceServices } from './services.js';
import { olderThanShown } from './figures.js';
import { currentList } from './selectors.js';
import type { AppState, SummaryPart, TabFigures, UserSummary } from './types.js';
import type { AppActions, SummaryActions } from './actions.js';

type SummaryState = Pick<AppState, 'summaries'>;


export const userSummarySlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], SummaryState & SummaryActions> =>
  (set, get, api) => {
    const running = new Map<string, AbortController>();
    const presenceRunning = new Map<string, AbortController>();

    /** Stores one part's answer as it arrives, unless aborted or older than what a page put there. */
    const track = (userID: string, key: keyof UserSummary, pending: Promise<unknown>, signal: AbortSignal, sentAt: number): void => {
      const put = (part: SummaryPart<unknown>): void => {
        if (signal.aborted) return;
        set((s) => {
          const current = s.summaries[userID];
          // A list's page that arrived since this request was sent says more recent figures.
          if (!current || olderThanShown(current[key], sentAt)) return {};
          // A figure that adds up over the pages read (the read faults) keeps what the pages found.
          const merge = key !== 'profile' && key !== 'presence' ? summaryPart(key).merge?.bind(summaryPart(key)) : undefined;
          const shown = current[key];
          const value = merge && part.state === 'ok' && shown.state === 'ok' ? { ...part, value: merge(shown.value, part.value, { page: 1, size: 1 }) } : part;
          return { summaries: { ...s.summaries, [userID]: { ...current, [key]: value } } };
        });
      };
      pending.then(
        (value) => put({ state: 'ok', value }),
        (error: unknown) => put({ state: 'error', error: asFailure(error, key) }),
      );
    };

    /** One row per ID asked for; a server that answers none for it says nothing is online. */
    const presenceOf = (userID: string, signal: AbortSignal) =>
      getUsersStatus(services.deps.client, [userID], signal).then((rows) => rows.find((r) => r.userID === userID) ?? { userID, status: 0, platformIDs: [] });

    // Each live refresh asks again too (`r` does: listsSlice reload).
    api.subscribe((state, before) => {
      if (state.live.refreshedAt !== before.live.refreshedAt && state.live.refreshedAt !== null) get().refreshPresence();
    });

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
        // Each tab's own figure, or loading: the part of each kind is that kind's, whichever it is.
        // A figure not fetched on open (`userSummary.eager: false`) waits for its tab's first page.
        const unasked = { state: 'unasked' } as const;
        const tabs = Object.fromEntries(USER_TABS.map((tab) => [tab, before?.[tab] ?? (summaryPart(tab).eager ? loading : unasked)])) as TabFigures;
        const summary: UserSummary = {
          profile: known ? { state: 'ok', value: known } : (before?.profile ?? loading),
          presence: before?.presence ?? loading,
          ...tabs,
        };
        set((s) => ({ summaries: { ...s.summaries, [userID]: summary } }));

        const sentAt = Date.now();
        const ask = (key: keyof UserSummary, pending: Promise<unknown>): void => track(userID, key, pending, signal, sentAt);

        const { client } = services.deps;
        if (!known) ask('profile', lookupUser(client, userID, signal));
        presenceRunning.get(userID)?.abort();
        ask('presence', presenceOf(userID, signal));
        for (const tab of USER_TABS) {
          const part = summaryPart(tab);
          if (!part.eager) continue;
          // A page of one row: the figures come with any page.
          // The user's whole list: the summary counts what no query narrowed.
          const whole = listDef(tab).query.initial;
          const request = { kind: tab, userID, page: 1, size: 1, query: whole };
          ask(
            tab,
            fetchPage(client, request, signal).then((figures) => {
              const figure = part.count(figures, whole);
              // Not what the server's replies have held so far (the list's count says what it reads): shown as an unreadable reply.
              if (figure === undefined) throw new ProtocolError('no figure for the summary', { operation: listDef(tab).operation.name, operationID: '' });
              return figure;
            }),
          );
        }
      },

      refreshPresence() {
        const list = currentList(get());
        if (list?.userID === undefined || !isUserTab(list.kind)) return;
        const { userID } = list;
        if (!get().summaries[userID]) return;
        presenceRunning.get(userID)?.abort();
        const controller = new AbortController();
        presenceRunning.set(userID, controller);
        // A user opened again aborts this too (loadSummary): its own request answers for the new visit.
        track(userID, 'presence', presenceOf(userID, controller.signal), controller.signal, Date.now());
      },
    };
  };

function asFailure(error: unknown, what: string): ApiFailure {
  if (isApiFailure(error)) return error;
  // A bug of ours must still read as a message.
  return new ApiError(0, error instanceof Error ? error.message : String(error), '', { operation: what, operationID: '' });
}
