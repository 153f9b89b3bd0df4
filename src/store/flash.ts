// The status line's passing message: shown, then cleared after a while (errors stay longer).
// A message belongs to the screen it was made on (`listKey`): the status line shows it only
// there, and navigating clears it, so that "wrote …" or "usage: …" never follows the operator
// to another screen or outlives the step that made it.
import type { Flash } from './types.js';

const INFO_MS = 3000;
const ERROR_MS = 6000;

export interface Flasher {
  show(text: string, level: Flash['level'], listKey?: string): void;
  clear(): void;
  dispose(): void;
}

export function createFlasher(set: (flash: Flash | null) => void): Flasher {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return {
    show(text, level, listKey) {
      set({ text, level, listKey });
      stop();
      timer = setTimeout(() => set(null), level === 'info' ? INFO_MS : ERROR_MS);
      timer.unref?.();
    },
    clear() {
      stop();
      set(null);
    },
    dispose: stop,
  };
}

/** Whether the status line shows `flash` on the screen whose list is `listKey`. */
export function flashBelongsTo(flash: Flash | null, listKey: string | undefined): flash is Flash {
  return flash !== null && (flash.listKey === undefined || flash.listKey === listKey);
}
