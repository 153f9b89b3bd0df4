// The app's one store, made of slices (zustand's slices pattern), one file each: navigation,
// lists, prompts, help, the detail, the status line, columns, the session (Esc, profile, quit),
// export, the user summary, the live view, the token's expiry. Each is handed the same
// services (services.ts: the deps, pages into lists, the live refresher, the flash, list edits).
// Screens read the state with selectors (selectors.ts); keys call actions.
import { createStore } from 'zustand/vanilla';
import type { AppActions, AppStore } from './actions.js';
import { exportSlice } from './exportSlice.js';
import { listsSlice } from './listsSlice.js';
import { liveSlice } from './liveSlice.js';
import { navSlice } from './navSlice.js';
import { promptSlice } from './promptSlice.js';
import { helpSlice } from './helpSlice.js';
import { detailSlice } from './detailSlice.js';
import { statusSlice } from './statusSlice.js';
import { columnsSlice } from './columnsSlice.js';
import { sessionSlice } from './sessionSlice.js';
import { userSummarySlice } from './userSummarySlice.js';
import { tokenSlice } from './tokenSlice.js';
import { traceSlice } from './traceSlice.js';
import { clusterSlice } from './clusterSlice.js';
import type { RequestStats } from './scheduler.js';
import type { StoreDeps } from './deps.js';
import { createSliceServices } from './services.js';
import type { AppState } from './types.js';

export type { StoreDeps } from './deps.js';
export type { RequestStats } from './scheduler.js';

export type { AppActions, AppStore } from './actions.js';

export function createAppStore(deps: StoreDeps): AppStore & { stats: RequestStats } {
  let stats: RequestStats | undefined;
  const store = createStore<AppState & AppActions>()((set, get, api) => {
    const services = createSliceServices(set, get, deps);
    stats = services.scheduler.stats;
    return {
      ...navSlice(services)(set, get, api),
      ...listsSlice(services)(set, get, api),
      ...promptSlice(services)(set, get, api),
      ...helpSlice()(set, get, api),
      ...detailSlice(services)(set, get, api),
      ...statusSlice(services)(set, get, api),
      ...columnsSlice(services)(set, get, api),
      ...sessionSlice(services)(set, get, api),
      ...exportSlice(services)(set, get, api),
      ...userSummarySlice(services)(set, get, api),
      ...liveSlice(services)(set, get, api),
      ...tokenSlice(services)(set, get, api),
      ...traceSlice(services)(set, get, api),
      ...clusterSlice(services)(set, get, api),
    };
  });
  return Object.assign(store, { stats: stats! });
}
