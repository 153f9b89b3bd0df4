// The live view (`w`, `--watch`): the list on screen is fetched again on an interval, by the rules
// of data/liveRefresh.ts (services.live), through the scheduler. This slice turns it on and off and
// pauses it while a prompt or help is open or the terminal has lost focus.
import type { StateCreator } from 'zustand/vanilla';
import { DEFAULT_INTERVAL_MS } from '../data/liveRefresh.js';
import type { SliceServices } from './services.js';
import type { AppState } from './types.js';
import type { AppActions, LiveActions } from './actions.js';

type LiveSliceState = Pick<AppState, 'live'>;

/** Nothing refreshes while the operator types, reads help, or looks at another window. */
export function livePaused(state: Pick<AppState, 'prompt' | 'help' | 'live'>): boolean {
  return livePauseReason(state) !== undefined;
}

/** Why the live view holds its refreshes, for the header and the status line to say. */
export type LivePause = 'prompt' | 'help' | 'focus';

export function livePauseReason(state: Pick<AppState, 'prompt' | 'help' | 'live'>): LivePause | undefined {
  if (state.prompt !== null) return 'prompt';
  if (state.help) return 'help';
  return state.live.focused === false ? 'focus' : undefined;
}

export const liveSlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], LiveSliceState & LiveActions> =>
  (set, get, api) => {
    const { live, flash } = services;
    let paused = false;
    api.subscribe((state) => {
      const now = livePaused(state);
      if (now !== paused) live.setPaused((paused = now));
    });
    const clearMarks = (): void =>
      set((s) => ({
        lists: Object.fromEntries(Object.entries(s.lists).map(([key, list]) => [key, list.changes ? { ...list, changes: undefined } : list])),
      }));

    return {
      live: {
        on: false,
        intervalMs: services.deps.liveIntervalMs ?? DEFAULT_INTERVAL_MS,
        refreshedAt: null,
        status: { state: 'off' },
        focused: null,
      },

      toggleLive() {
        if (get().live.on) {
          get().stopLive();
          flash('live view off', 'info');
          return;
        }
        set((s) => ({ live: { ...s.live, on: true } }));
        live.start();
        flash(`live view: this page every ${formatSeconds(get().live.intervalMs)}; w stops it`, 'info');
      },
      stopLive() {
        live.stop();
        if (get().live.on) set((s) => ({ live: { ...s.live, on: false } }));
        clearMarks();
      },
      setFocus(focused) {
        if (get().live.focused !== focused) set((s) => ({ live: { ...s.live, focused } }));
      },
    };
  };

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
