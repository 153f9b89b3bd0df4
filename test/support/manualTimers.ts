// The live view's timers (data/liveRefresh.ts RefreshTimers) that fire only when a test advances
// them: the store tests of the live view drive its refreshes with these.
import type { RefreshTimers } from '../../src/data/liveRefresh.js';

/** Timers that fire only when the test advances them. */
export function manualTimers() {
  let now = 0;
  let next = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: RefreshTimers = {
    now: () => now,
    setTimeout(fn, ms) {
      pending.set(++next, { at: now + ms, fn });
      return next;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  return {
    timers,
    advance(ms: number) {
      now += ms;
      for (const [handle, timer] of [...pending]) {
        if (timer.at > now) continue;
        pending.delete(handle);
        timer.fn();
      }
    },
  };
}
