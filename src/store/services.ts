// What every slice is handed, built once per store from the modules that each do one job: the
// deps the store was made with (deps.ts), the pages into lists (pageLoads.ts, with the request
// scheduler), the live view's refresher (liveWiring.ts), the status line's flash (flash.ts), list
// edits (listEdits.ts) and the picker's history (recentUsers.ts).
import type { LiveRefresher } from '../data/liveRefresh.js';
import type { StoreDeps, StoreGet, StoreSet } from './deps.js';
import { createFlasher, withLogged, type Flasher } from './flash.js';
import { createListEdits, type ListEdits } from './listEdits.js';
import { createLiveRefresher } from './liveWiring.js';
import { createPageLoads, type PageLoads } from './pageLoads.js';
import { createRememberUser } from './recentUsers.js';
import { currentList, currentScreen, listKeyFor } from './selectors.js';
import type { ListState } from './types.js';

export interface SliceServices extends ListEdits, PageLoads {
  deps: StoreDeps;
  /** The live view's rules, refreshing the list on screen through the scheduler. */
  live: LiveRefresher;
  /** A message in the status line, for the screen on top now. */
  flash: Flasher['show'];
  /** Clears the status line's message: navigation and each new step start with none. */
  clearFlash(): void;
  /** The list on screen. */
  current(): ListState | undefined;
  /** Puts a user the server answered for at the head of the picker's history. */
  rememberUser(userID: string): void;
}

export function createSliceServices(set: StoreSet, get: StoreGet, deps: StoreDeps): SliceServices {
  const flasher = createFlasher(
    (flash) => set({ flash }),
    (entry) => set((s) => ({ messageLog: withLogged(s.messageLog, entry) })),
  );
  const flash: Flasher['show'] = (text, level) => flasher.show(text, level, listKeyFor(currentScreen(get())));
  const edits = createListEdits(set, get);
  const rememberUser = createRememberUser(set, get, deps.recent, flash);
  // The refresher is made after the loads it refreshes through; a page arrives only later, when
  // `live` is there to be told (a fresh live page re-arms its timer).
  const loads = createPageLoads(set, get, deps, { patchList: edits.patchList, flash, rememberUser, refreshedLive: () => live.touch() });
  const live = createLiveRefresher(set, get, deps, {
    scheduler: loads.scheduler,
    patchList: edits.patchList,
    flashError: (text) => flasher.show(text, 'error'),
    clearFlash: () => flasher.clear(),
  });
  return {
    ...edits,
    ...loads,
    deps,
    live,
    flash,
    clearFlash: () => {
      if (get().flash) flasher.clear();
    },
    current: () => currentList(get()),
    rememberUser,
  };
}
