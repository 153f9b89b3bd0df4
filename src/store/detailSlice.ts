// The detail of the selected row: open or not, split pane or full screen, its scroll and its
// search (detailState.ts; its lines and where the matches are, the keys' to work out).
import type { StateCreator } from 'zustand/vanilla';
import type { SliceServices } from './services.js';
import { CLOSED_DETAIL, openedDetail } from './detailState.js';
import { selectedRow } from './selectors.js';
import type { AppState } from './types.js';
import type { AppActions, DetailActions } from './actions.js';

type DetailSliceState = Pick<AppState, 'detail'>;

export const detailSlice =
  (_services: SliceServices): StateCreator<AppState & AppActions, [], [], DetailSliceState & DetailActions> =>
  (set, get) => ({
    detail: CLOSED_DETAIL,

    toggleDetail(full = false) {
      const open = !get().detail.open;
      // No row to show: the key says why (keys/bindings.ts `disabled`) and never gets here.
      if (open && !selectedRow(get())) return;
      set({ detail: open ? openedDetail(full) : CLOSED_DETAIL });
    },
    toggleDetailFull() {
      const detail = get().detail;
      if (detail.open) set({ detail: { ...detail, full: !detail.full } });
    },
    patchDetail(patch) {
      set((s) => ({ detail: { ...s.detail, ...patch } }));
    },
    scrollDetail(delta) {
      set((s) => ({ detail: { ...s.detail, scroll: Math.max(0, s.detail.scroll + delta) } }));
    },
  });
