// The app's one store, made of slices (zustand's slices pattern), one file each: navigation,
// lists, UI modes, export, the live view. They share the tools of tools.ts: the request scheduler, the flash,
// and the list operations. Screens read the state with selectors (selectors.ts); keys call actions.
import { createStore } from 'zustand/vanilla';
import type { AppActions, AppStore } from './actions.js';
import { exportSlice } from './exportSlice.js';
import { listsSlice } from './listsSlice.js';
import { liveSlice } from './liveSlice.js';
import { navSlice } from './navSlice.js';
import { searchSlice } from './searchSlice.js';
import { userSummarySlice } from './userSummarySlice.js';
import type { RequestStats } from './scheduler.js';
import { createSliceTools, type StoreDeps } from './tools.js';
import type { AppState } from './types.js';
import { uiSlice } from './uiSlice.js';

export type { StoreDeps } from './tools.js';
export type { RequestStats } from './scheduler.js';

export type { AppActions, AppStore } from './actions.js';

export function createAppStore(deps: StoreDeps): AppStore & { stats: RequestStats } {
  let stats: RequestStats | undefined;
  const store = createStore<AppState & AppActions>()((set, get, api) => {
    const tools = createSliceTools(set, get, deps);
    stats = tools.scheduler.stats;
    return {
      ...navSlice(tools)(set, get, api),
      ...listsSlice(tools)(set, get, api),
      ...uiSlice(tools)(set, get, api),
      ...exportSlice(tools)(set, get, api),
      ...searchSlice(tools)(set, get, api),
      ...userSummarySlice(tools)(set, get, api),
      ...liveSlice(tools)(set, get, api),
    };
  });
  return Object.assign(store, { stats: stats! });
}
