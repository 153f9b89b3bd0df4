// The first frame waits a little for the first page, so that it is drawn once with its rows
// rather than once "connecting" and again with them: the first draw of a cold React and Ink is
// about 100 ms of the start, and the second one came on top. A server slower than the wait gets
// the connecting frame as before, at most `waitMs` later.
import { realTimers, type RefreshTimers } from '../data/liveRefresh.js';
import type { AppStore } from '../store/actions.js';
import { currentList } from '../store/selectors.js';

/** The timer it needs (the live view's injectable timers; tests give fake ones). */
export type Timers = Pick<RefreshTimers, 'setTimeout' | 'clearTimeout'>;

/** Resolves once the list on screen has an answer (rows or an error), or after `waitMs`. */
export function firstAnswer(store: AppStore, waitMs: number, timers: Timers = realTimers(true)): Promise<void> {
  return new Promise((resolve) => {
    const answered = (): boolean => {
      const list = currentList(store.getState());
      return list !== undefined && !list.loading;
    };
    if (answered()) return resolve();
    const done = (): void => {
      unsubscribe();
      timers.clearTimeout(timer);
      resolve();
    };
    const unsubscribe = store.subscribe(() => {
      if (answered()) done();
    });
    const timer = timers.setTimeout(done, waitMs);
  });
}
