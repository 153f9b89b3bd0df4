// The status line: its message (flash.ts: owned by its screen, kept until the next key), the log
// of its last messages (`:log`, `L`) and how many keys wait for a page (keys/typeAhead.ts).
import { scrolledTo } from '../domain/scroll.js';
import type { StateCreator } from 'zustand/vanilla';
import type { SliceServices } from './services.js';
import type { AppState } from './types.js';
import type { AppActions, StatusActions } from './actions.js';

type StatusState = Pick<AppState, 'flash' | 'messageLog' | 'log' | 'typedAhead'>;

export const statusSlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], StatusState & StatusActions> =>
  (set, get) => ({
    flash: null,
    messageLog: [],
    log: null,
    typedAhead: 0,

    openLog() {
      if (get().messageLog.length === 0) return services.flash('no messages yet', 'info');
      set({ log: { scroll: 0 }, help: false });
    },
    closeLog() {
      set({ log: null });
    },
    scrollLog(by) {
      const log = get().log;
      if (!log) return;
      set({ log: { scroll: scrolledTo(log.scroll, by, get().messageLog.length) } });
    },
    dismissMessage() {
      services.clearFlash();
    },
    setTypedAhead(count) {
      if (get().typedAhead !== count) set({ typedAhead: count });
    },
    flashInfo(text) {
      services.flash(text, 'info');
    },
  });
