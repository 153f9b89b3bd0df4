// The status line's passing message: shown, then cleared after a while (errors stay longer).
import type { Flash } from './types.js';

const INFO_MS = 3000;
const ERROR_MS = 6000;

export interface Flasher {
  show(text: string, level: Flash['level']): void;
  dispose(): void;
}

export function createFlasher(set: (flash: Flash | null) => void): Flasher {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    show(text, level) {
      set({ text, level });
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => set(null), level === 'info' ? INFO_MS : ERROR_MS);
      timer.unref?.();
    },
    dispose() {
      if (timer) clearTimeout(timer);
    },
  };
}
