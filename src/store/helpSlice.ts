// Help: whether it is open and how far it is scrolled (its content is keys/help.ts, its layout
// layout/helpColumns.ts). Opening it closes the message log: one overlay of the two at a time.
import type { StateCreator } from 'zustand/vanilla';
import type { AppState } from './types.js';
import type { AppActions, HelpActions } from './actions.js';

type HelpState = Pick<AppState, 'help' | 'helpScroll'>;

export const helpSlice =
  (): StateCreator<AppState & AppActions, [], [], HelpState & HelpActions> =>
  (set) => ({
    help: false,
    helpScroll: 0,

    toggleHelp() {
      set((s) => ({ help: !s.help, helpScroll: 0, log: null }));
    },
    openHelp() {
      set({ help: true, helpScroll: 0, log: null });
    },
    scrollHelp(line) {
      set({ helpScroll: Math.max(0, Math.floor(line)) });
    },
  });
