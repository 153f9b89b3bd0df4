// The session as a whole: Esc (the innermost overlay in front closes, overlays.ts, else the screen
// goes back), another profile's server (`:profile`, through the entry point's switcher), quitting.
import type { StateCreator } from 'zustand/vanilla';
import type { SliceServices } from './services.js';
import { frontOverlay } from './overlays.js';
import type { AppState } from './types.js';
import type { AppActions, SessionActions } from './actions.js';

export const sessionSlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], SessionActions> =>
  (_set, get) => ({
    escape() {
      // The innermost thing in front of the operator closes (overlays.ts), else the screen.
      const front = frontOverlay(get());
      if (front) front.escape(get());
      else get().back();
    },
    switchProfile(name) {
      const switchProfile = services.deps.switchProfile;
      const error = switchProfile ? switchProfile(name) : 'no profiles are configured';
      if (error) services.flash(error, 'error');
    },
    quit() {
      get().cancelExport();
      get().stopLive();
      get().closeCluster();
      services.scheduler.cancelAll();
      services.deps.quit?.();
    },
  });
