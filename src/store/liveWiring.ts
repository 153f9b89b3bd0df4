// The live view's refresher (data/liveRefresh.ts: its timing, back-off and pauses) wired to the
// store: it refreshes the list on screen through the request scheduler, and its status goes into
// the state; an error that waiting will not cure shows like any failure and stops the view.
import { NetworkError } from '../api/errors.js';
import { DEFAULT_INTERVAL_MS, LiveRefresher, realTimers } from '../data/liveRefresh.js';
import { classifyRefreshError } from '../data/refreshErrors.js';
import type { StoreDeps, StoreGet, StoreSet } from './deps.js';
import type { ListEdits } from './listEdits.js';
import { requestOf } from './listEdits.js';
import { toFailure } from './pageLoads.js';
import type { RequestScheduler } from './scheduler.js';
import { currentList } from './selectors.js';
import { listDef } from '../lists/registry.js';

export function createLiveRefresher(
  set: StoreSet,
  get: StoreGet,
  deps: StoreDeps,
  needs: { scheduler: RequestScheduler; patchList: ListEdits['patchList']; flashError(text: string): void; clearFlash(): void },
): LiveRefresher {
  /** When each list was last refreshed, for a list that asks for room between two (its `liveEveryMs`). */
  const refreshedAt = new Map<string, number>();
  const timers = deps.liveTimers ?? realTimers(true);
  return new LiveRefresher({
    intervalMs: deps.liveIntervalMs ?? DEFAULT_INTERVAL_MS,
    timers,
    classify: deps.classifyRefreshError ?? classifyRefreshError,
    refresh(signal) {
      const list = currentList(get());
      if (!list) return Promise.resolve();
      const every = listDef(list.kind).liveEveryMs;
      const now = timers.now();
      if (every !== undefined && now - (refreshedAt.get(list.key) ?? Number.NEGATIVE_INFINITY) < every) return Promise.resolve();
      refreshedAt.set(list.key, now);
      // What the list wants: the page on screen, or the one whose request failed (a retry).
      return needs.scheduler.refresh(list.key, requestOf(list), signal);
    },
    onStatus(status) {
      set((s) => ({ live: { ...s.live, status, ...(status.state === 'stopped' ? { on: false } : {}) } }));
      // Waiting out a failure is newer news than the message on the status line, which stays only
      // until the next key or a newer word: the note (liveStatusNote) takes its place.
      if ((status.state === 'backing-off' || status.state === 'rate-limited') && get().flash) needs.clearFlash();
      // A refresh that got no answer says so in the header too; the next page that arrives says otherwise.
      if (status.state === 'backing-off' && status.error instanceof NetworkError && get().connection !== 'failing') {
        set({ connection: 'failing' });
      }
      if (status.state !== 'stopped') return;
      // An error that waiting will not cure: it shows like any failure, and the view stops.
      const list = currentList(get());
      if (list) needs.patchList(list.key, { error: toFailure(status.error, list.kind), changes: undefined });
      needs.flashError('live view stopped: w starts it again');
    },
  });
}
